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

rmSync(`${root}${OUT}`, { recursive: true, force: true });
const rec = spawnSync('npm', ['run', '--silent', 'record', '--', '--out', OUT], {
  cwd: root,
  stdio: 'inherit',
  timeout: RECORD_MS,
  killSignal: 'SIGTERM',
});
/** @type {NodeJS.ProcessEnv} */
let env = { ...process.env, FENCELAB_RECORDINGS: `${root}${OUT}` };
if (rec.status === 2) {
  console.log('recorded races: the servers cannot be installed here; checking the shipped recordings instead');
  env = { ...process.env };
  delete env.FENCELAB_RECORDINGS;
} else if (rec.status !== 0) {
  console.log(`recorded races: recording failed (${rec.error?.message ?? `exit code ${rec.status}`})`);
  process.exit(1);
}
const test = spawnSync('npx', ['vitest', 'run', 'src/record/conformance.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(test.status ?? 1);
