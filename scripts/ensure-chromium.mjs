#!/usr/bin/env node
// Makes sure a Chromium for the Playwright end-to-end tests is on this machine.
// Playwright's own browser download cannot work here (only the npm registry and Debian's
// packages are reachable), so the tests use Debian's chromium: $CHROMIUM_PATH if set, else
// /usr/bin/chromium. Installs it with apt-get when run as root; otherwise says what to do.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const DEFAULT_PATH = '/usr/bin/chromium';
const configured = process.env.CHROMIUM_PATH;

/** @param {string} name a command to look for on PATH */
function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

if (configured) {
  if (existsSync(configured)) process.exit(0);
  console.error(`ensure-chromium: CHROMIUM_PATH is set to ${configured}, but no file is there.`);
  process.exit(1);
}
if (existsSync(DEFAULT_PATH)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && hasCommand('apt-get')) {
  console.log("ensure-chromium: no Chromium found; installing Debian's chromium with apt-get…");
  const result = spawnSync(
    'sh',
    ['-c', 'apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation'],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (result.status === 0 && existsSync(DEFAULT_PATH)) process.exit(0);
  console.error(`ensure-chromium: apt-get did not leave a Chromium at ${DEFAULT_PATH}.`);
  process.exit(1);
}

console.error(
  [
    'ensure-chromium: the end-to-end tests need Chromium, and none was found.',
    `  Looked for: ${DEFAULT_PATH} (and $CHROMIUM_PATH, which is not set).`,
    "  Either install Debian's chromium as root:",
    '    apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation',
    '  or point CHROMIUM_PATH at an existing Chromium binary:',
    '    CHROMIUM_PATH=/path/to/chromium npm test',
    '  (`npx playwright install` does not work on this machine: its download host is unreachable.)',
  ].join('\n'),
);
process.exit(1);
