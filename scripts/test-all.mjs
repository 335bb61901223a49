#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first stage that fails.
// Always closes with one line `N passed, N failed` counting individual unit and e2e tests
// (from their JSON reports); a failing stage without tests of its own counts as one failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addCounts, countPlaywright, countVitest, emptyCounts, formatSummary, stageCounts } from './summary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const UNIT_REPORT = 'test-results/unit.json';
const E2E_REPORT = 'test-results/e2e.json'; // written by the json reporter in playwright.config.ts

/**
 * @typedef {object} Stage
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {string} [report] JSON report the stage writes
 * @property {(report: unknown) => import('./summary.mjs').Counts} [count]
 */

/** @type {Stage[]} */
const stages = [
  { name: 'chromium', command: 'node', args: ['scripts/ensure-chromium.mjs'] },
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  {
    name: 'unit tests',
    command: 'npm',
    args: [
      'run',
      '--silent',
      'test:unit',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${UNIT_REPORT}`,
    ],
    report: UNIT_REPORT,
    count: countVitest,
  },
  // Records the races afresh on real servers and holds them against the models (about a minute).
  { name: 'recorded races', command: 'node', args: ['scripts/record-conformance.mjs'] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  { name: 'e2e', command: 'npm', args: ['run', '--silent', 'test:e2e'], report: E2E_REPORT, count: countPlaywright },
];

/**
 * @param {string} path
 * @param {(report: unknown) => import('./summary.mjs').Counts} count
 */
function readCounts(path, count) {
  try {
    return count(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null; // missing or half-written report: the exit code decides
  }
}

// Old reports must not be counted as this run's.
mkdirSync(`${root}test-results`, { recursive: true });
for (const stage of stages) if (stage.report) rmSync(`${root}${stage.report}`, { force: true });

let total = emptyCounts();
/** @type {string | null} */
let failedStage = null;
const startedAll = Date.now();

for (const stage of stages) {
  console.log(`\n━━ ${stage.name} ━━`);
  const started = Date.now();
  const result = spawnSync(stage.command, stage.args, { cwd: root, stdio: 'inherit' });
  const exitCode = result.status ?? 1;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const reported = stage.report && stage.count ? readCounts(`${root}${stage.report}`, stage.count) : null;
  total = addCounts(total, stageCounts(exitCode, reported));
  if (exitCode !== 0) {
    const why = result.error
      ? result.error.message
      : result.signal
        ? `signal ${result.signal}`
        : `exit code ${exitCode}`;
    console.log(`✗ ${stage.name} failed (${why}) after ${seconds}s`);
    failedStage = stage.name;
    break;
  }
  console.log(`✓ ${stage.name} (${seconds}s)`);
}

const allSeconds = ((Date.now() - startedAll) / 1000).toFixed(1);
console.log('');
if (failedStage) {
  const skipped = stages.slice(stages.findIndex((s) => s.name === failedStage) + 1).map((s) => s.name);
  console.log(
    `npm test FAILED at stage "${failedStage}"${skipped.length ? `; not run: ${skipped.join(', ')}` : ''} (${allSeconds}s)`,
  );
} else {
  console.log(`npm test: all ${stages.length} stages passed (${allSeconds}s)`);
}
console.log(formatSummary(total));
process.exitCode = failedStage ? 1 : 0;
