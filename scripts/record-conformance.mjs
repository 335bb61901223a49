#!/usr/bin/env node
// The `npm test` stage "recorded races": records every race afresh against real etcd, ZooKeeper
// and Redis (npm run record, which installs them with apt-get as root) into test-results/recordings,
// then holds those recordings against the models (src/record/conformance.test.ts). Where the
// servers cannot be installed it says so and runs the conformance test on the shipped recordings
// (public/recordings), which the unit-test stage checks as well. Recording is bounded to 120 s.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'test-results/recordings';
const RECORD_MS = 120_000;

/** Real servers' timing is noisy on a shared machine: a fresh recording that misses a timing
 * tolerance is recorded once more before the stage fails, and the stage says so. A model that
 * disagrees with the servers on order or outcome fails both times. */
const ATTEMPTS = 2;

function record() {
  rmSync(`${root}${OUT}`, { recursive: true, force: true });
  return spawnSync('npm', ['run', '--silent', 'record', '--', '--out', OUT], {
    cwd: root,
    stdio: 'inherit',
    timeout: RECORD_MS,
    killSignal: 'SIGTERM',
  });
}

/** @param {NodeJS.ProcessEnv} env */
const conform = (env) =>
  spawnSync('npx', ['vitest', 'run', 'src/record/conformance.test.ts'], { cwd: root, stdio: 'inherit', env }).status ??
  1;

for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
  const rec = record();
  if (rec.status === 2) {
    console.log('recorded races: the servers cannot be installed here; checking the shipped recordings instead');
    const env = { ...process.env };
    delete env.FENCELAB_RECORDINGS;
    process.exit(conform(env));
  }
  if (rec.status !== 0) {
    console.log(`recorded races: recording failed (${rec.error?.message ?? `exit code ${rec.status}`})`);
    process.exit(1);
  }
  const status = conform({ ...process.env, FENCELAB_RECORDINGS: `${root}${OUT}` });
  if (status === 0) process.exit(0);
  if (attempt < ATTEMPTS)
    console.log('recorded races: a fresh recording missed the conformance test; recording once more');
}
console.log(`recorded races: the conformance test failed on ${ATTEMPTS} fresh recordings`);
process.exit(1);
