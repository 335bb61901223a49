#!/usr/bin/env node
// The `npm test` stage "recorded races": records every race afresh against real etcd, ZooKeeper
// and Redis into test-results/recordings, then holds those recordings against the models
// (src/record/conformance.test.ts). Two steps, each with its own bound:
//   1. install (src/record/main.ts --install-only: apt-get as root, capped at INSTALL_S); a
//      timeout or a failure means "cannot be installed here": the conformance test then runs on
//      the shipped recordings (public/recordings), which the unit-test stage checks as well;
//   2. record (main.ts --out ..., bounded by RECORD_S for all attempts together).
// The recorder runs as node + tsx's loader directly (no npm, no shell), in its own process group;
// on a timeout the whole group (recorder, clients, servers) gets SIGTERM, then SIGKILL after a
// grace period, so nothing survives the stage. The recorder also keeps its own deadline
// (--deadline, a little inside ours) and stops everything itself when it passes.
// Env overrides (for tests of the bounds): FENCELAB_INSTALL_S, FENCELAB_RECORD_S,
// FENCELAB_RECORD_OWN_DEADLINE=0.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'test-results/recordings';
/** apt-get's cap (main.ts --install-only enforces it; we kill the group a little after). */
const INSTALL_S = Number(process.env.FENCELAB_INSTALL_S ?? 150);
/** Every recording attempt together. One attempt takes about 45-60 s on this 2-core machine. */
const RECORD_S = Number(process.env.FENCELAB_RECORD_S ?? 120);
/** After SIGTERM to the group, this long before SIGKILL (the recorder stops its servers in ~3 s). */
const GRACE_MS = 8000;

/** Real servers' timing is noisy on a shared machine: a fresh recording that misses a timing
 * tolerance is recorded once more before the stage fails, and the stage says so, but only when
 * what is left of RECORD_S covers another attempt as long as the first (with a quarter to spare).
 * A model that disagrees with the servers on order or outcome fails both times. */
const ATTEMPTS = 2;

/** @type {number | null} the running group's leader, for the signal forwarding below */
let current = null;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(sig, () => {
    if (current !== null) killGroup(current, 'SIGTERM');
    setTimeout(() => {
      if (current !== null) killGroup(current, 'SIGKILL');
      process.exit(130);
    }, GRACE_MS).unref();
  });
}

/** @param {number} pid @param {NodeJS.Signals} sig */
function killGroup(pid, sig) {
  try {
    process.kill(-pid, sig);
  } catch {
    // the group is gone
  }
}

/**
 * Runs the recorder (node --import tsx src/record/main.ts ARGS) in its own process group, killing
 * the group when `seconds` pass. Resolves with its exit code (null when killed), whether it timed
 * out, and how long it took.
 * @param {string[]} args
 * @param {number} seconds
 * @returns {Promise<{ code: number | null; timedOut: boolean; seconds: number }>}
 */
function recorder(args, seconds) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/record/main.ts', ...args], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
  });
  const pid = /** @type {number} */ (child.pid);
  current = pid;
  let timedOut = false;
  /** @type {NodeJS.Timeout | undefined} */
  let hard;
  const soft = setTimeout(() => {
    timedOut = true;
    console.log(`recorded races: the recorder ran past ${seconds} s; stopping its process group`);
    killGroup(pid, 'SIGTERM');
    hard = setTimeout(() => killGroup(pid, 'SIGKILL'), GRACE_MS);
  }, seconds * 1000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(soft);
      // The leader is gone; anything left in its group (a client, a server) goes with it.
      killGroup(pid, 'SIGKILL');
      if (hard) clearTimeout(hard);
      current = null;
      resolve({ code, timedOut, seconds: (Date.now() - started) / 1000 });
    });
    child.once('error', () => {
      clearTimeout(soft);
      current = null;
      resolve({ code: null, timedOut, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** @param {NodeJS.ProcessEnv} env */
const conform = (env) =>
  spawnSync('npx', ['vitest', 'run', 'src/record/conformance.test.ts'], { cwd: root, stdio: 'inherit', env }).status ??
  1;

function shipped() {
  const env = { ...process.env };
  delete env.FENCELAB_RECORDINGS;
  return conform(env);
}

const fmt = (/** @type {number} */ s) => s.toFixed(1);

const install = await recorder(['--install-only'], INSTALL_S + 15);
console.log(`recorded races: install ${fmt(install.seconds)} s (bound ${INSTALL_S} s)`);
if (install.code !== 0) {
  const why = install.timedOut
    ? `installing did not finish within ${INSTALL_S} s`
    : install.code === 2
      ? 'they are missing and cannot be installed (the recorder said what to install)'
      : `the install step failed (exit ${install.code})`;
  console.log(`recorded races: the servers cannot be installed here (${why}); checking the shipped recordings instead`);
  process.exit(shipped());
}

const budgetEnd = Date.now() + RECORD_S * 1000;
/** @type {number[]} */
const recordSeconds = [];
for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
  const left = (budgetEnd - Date.now()) / 1000;
  rmSync(`${root}${OUT}`, { recursive: true, force: true });
  // The recorder's own deadline sits inside ours, so it normally stops itself, cleanly.
  // FENCELAB_RECORD_OWN_DEADLINE=0 moves it past ours (to test that the group kill alone suffices).
  const own = process.env.FENCELAB_RECORD_OWN_DEADLINE !== '0';
  const deadline = own ? Math.max(1, Math.floor(left - GRACE_MS / 1000 - 2)) : Math.ceil(left * 10);
  const rec = await recorder(['--out', OUT, '--deadline', String(deadline)], left);
  recordSeconds.push(rec.seconds);
  const figures = `install ${fmt(install.seconds)} s, record ${recordSeconds.map(fmt).join(' + ')} s of ${RECORD_S} s`;
  if (rec.code === 2) {
    console.log(
      `recorded races: the servers cannot be started here (${figures}); checking the shipped recordings instead`,
    );
    process.exit(shipped());
  }
  if (rec.code !== 0) {
    const why = rec.timedOut ? `ran past ${fmt(left)} s and was stopped` : `exit code ${rec.code}`;
    console.log(`recorded races: recording failed (${why}; ${figures})`);
    process.exit(1);
  }
  const status = conform({ ...process.env, FENCELAB_RECORDINGS: `${root}${OUT}` });
  console.log(`recorded races: ${figures}`);
  if (status === 0) process.exit(0);
  const remaining = (budgetEnd - Date.now()) / 1000;
  if (attempt < ATTEMPTS && remaining >= rec.seconds * 1.25) {
    console.log(
      `recorded races: a fresh recording missed the conformance test; recording once more (${fmt(remaining)} s left)`,
    );
    continue;
  }
  if (attempt < ATTEMPTS)
    console.log(
      `recorded races: a fresh recording missed the conformance test; no retry: ${fmt(remaining)} s left of ${RECORD_S} s, the attempt took ${fmt(rec.seconds)} s`,
    );
  console.log(`recorded races: the conformance test failed on ${attempt} fresh recording(s)`);
  process.exit(1);
}
