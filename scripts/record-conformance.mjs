#!/usr/bin/env node
// The `npm test` stage "recorded races": records every race afresh against real etcd, ZooKeeper
// and Redis into test-results/recordings, then holds those recordings against the models
// (src/record/judge.ts, the comparison src/record/conformance.test.ts makes). Steps, each bounded:
//   1. install (src/record/main.ts --install-only: apt-get as root, capped at INSTALL_S); a
//      timeout or a failure means "cannot be installed here": the stage then checks the shipped
//      recordings (public/recordings), which the unit-test stage checks as well;
//   2. record and judge, all attempts together bounded by RECORD_S. Each recording carries how
//      busy the host was during its race (src/record/load.ts). A fresh recording that agrees
//      passes; one that disagrees fails the stage (an order or outcome the model does not produce,
//      or a late event on a quiet host); one "disturbed" (its host was busy and its first
//      difference is a late event) is recorded again, alone, while what is left of RECORD_S covers
//      it; when it does not, the stage prints one line "recorded races: inconclusive: the host was
//      too slow (...figures...)" and passes if the shipped recordings hold to the models. Running
//      out of time on a busy host is judged the same way; on a quiet one it fails.
// The recorder runs as node + tsx's loader directly (no npm, no shell), in its own process group;
// on a timeout the whole group (recorder, clients, servers) gets SIGTERM, then SIGKILL after a
// grace period, so nothing survives the stage. The recorder also keeps its own deadline
// (--deadline, a little inside ours) and stops everything itself when it passes.
// Env overrides (for tests of the bounds): FENCELAB_INSTALL_S, FENCELAB_RECORD_S,
// FENCELAB_RECORD_OWN_DEADLINE=0.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The judge and the races are TypeScript: tsx's loader lets this stage import them.
register();
const { judgeFolder, verdictLine, inconclusiveLine } = await import('../src/record/conform.ts');
const { cpuWaitShare, cpuWaitTotalUs } = await import('../src/record/load.ts');
const { BUSY_CPU_WAIT_SHARE } = await import('../src/record/judge.ts');
const { RACES } = await import('../src/record/races.ts');

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'test-results/recordings';
const SHIPPED = 'public/recordings';
/** apt-get's cap (main.ts --install-only enforces it; we kill the group a little after). */
const INSTALL_S = Number(process.env.FENCELAB_INSTALL_S ?? 150);
/** Every attempt together. The first records all seven races: about 60 s on the 2-core machine,
 * 70 s under two busy loops; a later one only the races a busy host disturbed, about 10 s each. */
const RECORD_S = Number(process.env.FENCELAB_RECORD_S ?? 240);
/** The first attempt and at most two more, each of only the disturbed races. */
const ATTEMPTS = 3;
/** After SIGTERM to the group, this long before SIGKILL (the recorder stops its servers in ~3 s). */
const GRACE_MS = 8000;
/** The recorder's exit code when its own deadline passed (main.ts EX_DEADLINE). */
const EX_DEADLINE = 3;

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

/** The shipped recordings, held strictly (recorded on a quiet host): prints each that does not
 * agree. @returns whether all agree */
function shippedHold() {
  /** @type {import('../src/record/conform.ts').RaceVerdict[]} */
  let verdicts;
  try {
    verdicts = judgeFolder(`${root}${SHIPPED}`, { strict: true });
  } catch (e) {
    console.log(`recorded races: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
  const bad = verdicts.filter((v) => v.verdict.kind !== 'agrees');
  for (const v of bad) console.log(`recorded races: shipped ${verdictLine(v)}`);
  return bad.length === 0;
}

/** Exits with the shipped recordings' verdict, after `line` when they hold. @param {string} line */
function exitOnShipped(line) {
  if (shippedHold()) {
    console.log(line);
    process.exit(0);
  }
  console.log('recorded races: the shipped recordings disagree with the models');
  process.exit(1);
}

const fmt = (/** @type {number} */ s) => s.toFixed(1);
const pct = (/** @type {number} */ share) => `${Math.round(share * 100)}%`;

const install = await recorder(['--install-only'], INSTALL_S + 15);
console.log(`recorded races: install ${fmt(install.seconds)} s (bound ${INSTALL_S} s)`);
if (install.code !== 0) {
  const why = install.timedOut
    ? `installing did not finish within ${INSTALL_S} s`
    : install.code === 2
      ? 'they are missing and cannot be installed (the recorder said what to install)'
      : `the install step failed (exit ${install.code})`;
  exitOnShipped(
    `recorded races: the servers cannot be installed here (${why}); the shipped recordings hold to the models`,
  );
}

const ids = RACES.map((r) => r.id);
const budgetEnd = Date.now() + RECORD_S * 1000;
rmSync(`${root}${OUT}`, { recursive: true, force: true });
/** @type {string[]} */
let pending = ids;
/** @type {{ races: number; seconds: number }[]} */
const attempts = [];
const figures = () =>
  `install ${fmt(install.seconds)} s, record ${attempts.map((a) => `${a.races} race(s) in ${fmt(a.seconds)} s`).join(' + ')} of ${RECORD_S} s`;

for (let attempt = 1; ; attempt++) {
  const left = (budgetEnd - Date.now()) / 1000;
  // The recorder's own deadline sits inside ours, so it normally stops itself, cleanly.
  // FENCELAB_RECORD_OWN_DEADLINE=0 moves it past ours (to test that the group kill alone suffices).
  const own = process.env.FENCELAB_RECORD_OWN_DEADLINE !== '0';
  const deadline = own ? Math.max(1, Math.floor(left - GRACE_MS / 1000 - 2)) : Math.ceil(left * 10);
  const waitedBefore = cpuWaitTotalUs();
  const rec = await recorder(['--out', OUT, '--races', pending.join(','), '--deadline', String(deadline)], left);
  const waited = cpuWaitShare(waitedBefore, cpuWaitTotalUs(), rec.seconds * 1000);
  attempts.push({ races: pending.length, seconds: rec.seconds });
  if (rec.code === 2)
    exitOnShipped(
      `recorded races: the servers cannot be started here (${figures()}); the shipped recordings hold to the models`,
    );
  const outOfTime = rec.timedOut || rec.code === EX_DEADLINE;
  if (rec.code !== 0 && !outOfTime) {
    console.log(`recorded races: recording failed (exit code ${rec.code}; ${figures()})`);
    process.exit(1);
  }

  // Whatever was recorded is judged, a deadline's part too: a disagreement fails in any case.
  /** @type {import('../src/record/conform.ts').RaceVerdict[]} */
  let verdicts;
  try {
    verdicts = judgeFolder(`${root}${OUT}`);
  } catch (e) {
    console.log(`recorded races: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  const disagree = verdicts.filter((v) => v.verdict.kind === 'disagrees');
  for (const v of disagree) console.log(`recorded races: ${verdictLine(v)}`);
  if (disagree.length) {
    console.log(`recorded races: the models disagree with ${disagree.length} fresh recording(s) (${figures()})`);
    process.exit(1);
  }
  const disturbed = verdicts.filter((v) => v.verdict.kind === 'disturbed');
  const missing = ids.filter((id) => !verdicts.some((v) => v.id === id));
  const waitedText = waited === null ? 'no CPU pressure data' : `CPU waited ${pct(waited)} of the attempt`;
  if (outOfTime && !(waited !== null && waited >= BUSY_CPU_WAIT_SHARE)) {
    const why = rec.timedOut ? `ran past ${fmt(left)} s and was stopped` : `its deadline of ${deadline} s passed`;
    console.log(`recorded races: recording failed on a host that was not busy: ${why} (${waitedText}; ${figures()})`);
    process.exit(1);
  }
  if (!disturbed.length && !missing.length)
    exitOnShipped(`recorded races: all ${ids.length} fresh recordings agree with the models (${figures()})`);

  const again = [...disturbed.map((v) => v.id), ...missing];
  const remaining = (budgetEnd - Date.now()) / 1000;
  const estimate = (rec.seconds / pending.length) * again.length;
  if (attempt < ATTEMPTS && !outOfTime && remaining >= estimate * 1.25 + GRACE_MS / 1000) {
    for (const v of disturbed) console.log(`recorded races: ${verdictLine(v)}`);
    console.log(`recorded races: recording ${again.join(', ')} again (${fmt(remaining)} s left of ${RECORD_S} s)`);
    pending = again;
    continue;
  }
  const ranOut = missing.length ? [`the recorder ran out of time before ${missing.join(', ')} (${waitedText})`] : [];
  exitOnShipped(inconclusiveLine(disturbed, [...ranOut, `${attempts.length} attempt(s): ${figures()}`].join('; ')));
}
