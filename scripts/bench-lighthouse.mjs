#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse on the built site's two entries (the full lab, the embed
// player), with its mobile (simulated slow 4G, 4x CPU slowdown) and desktop settings. A report, not
// a test: it prints the four category scores, the performance metrics and every audit that is not
// passed. Lighthouse is kept out of the project's install (it is large, and only this uses it):
// the first run installs the version below into node_modules/.cache/lighthouse (about 20 s).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES } from './bench-weight.mjs';
import { buildSite, servePreview } from './preview.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LIGHTHOUSE = '12.2.3'; // 13 needs Node 22
const cache = join(root, 'node_modules/.cache/lighthouse');
const cli = join(cache, 'node_modules/lighthouse/cli/index.js');
const PORT = 4194;
/** @type {[string, string][]} */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

function ensureLighthouse() {
  if (existsSync(cli)) return;
  console.log(`Installing Lighthouse ${LIGHTHOUSE} into node_modules/.cache/lighthouse (first run only)…`);
  const r = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, `lighthouse@${LIGHTHOUSE}`],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0 || !existsSync(cli)) throw new Error('could not install Lighthouse from the npm registry');
}

/** @param {string} url @param {'mobile' | 'desktop'} form @returns {any} Lighthouse's report */
function lighthouse(url, form) {
  const dir = mkdtempSync(join(tmpdir(), 'fencelab-lh-'));
  const out = join(dir, 'report.json');
  const args = [
    cli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(form === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const r = spawnSync(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    encoding: 'utf8',
  });
  if (r.status !== 0 || !existsSync(out)) throw new Error(`Lighthouse failed on ${url}: ${r.stderr.slice(-400)}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  // Kept for a closer look (which element shifted, which task was long): test-results/lighthouse/.
  mkdirSync(join(root, 'test-results/lighthouse'), { recursive: true });
  const name = `${url.includes('#embed') ? 'embed' : 'lab'}-${form}.json`;
  writeFileSync(join(root, 'test-results/lighthouse', name), JSON.stringify(report));
  return report;
}

async function main() {
  ensureLighthouse();
  buildSite();
  const { base, stop } = await servePreview(PORT);
  try {
    console.log(`\nLighthouse ${LIGHTHOUSE} on the built site (vite preview), one run each`);
    // `npm run bench:lighthouse -- embed mobile` runs only what the words name.
    const only = process.argv.slice(2);
    /** @param {string} word @param {string[]} all every word of its kind */
    const wanted = (word, all) => !only.some((w) => all.includes(w)) || only.includes(word);
    const forms = /** @type {const} */ (['mobile', 'desktop']);
    for (const entry of ENTRIES.filter((e) => wanted(e.key, ['lab', 'embed']))) {
      for (const form of forms.filter((f) => wanted(f, [...forms]))) {
        const report = lighthouse(base + entry.hash, form);
        const score = (/** @type {string} */ id) => Math.round((report.categories[id]?.score ?? NaN) * 100);
        console.log(
          `  ${entry.name}, ${form}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
            `best practices ${score('best-practices')}, SEO ${score('seo')}`,
        );
        console.log(
          `    ${METRICS.map(([id, name]) => `${name} ${report.audits[id]?.displayValue ?? '?'}`).join(', ')}`,
        );
        const failing = Object.values(report.audits).filter(
          (/** @type {any} */ a) =>
            typeof a.score === 'number' &&
            a.score < 0.9 &&
            !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode),
        );
        for (const a of /** @type {any[]} */ (failing))
          console.log(`    not passed: ${a.id} (${a.title}${a.displayValue ? `: ${a.displayValue}` : ''})`);
      }
    }
    const [one] = loadavg();
    console.log('  the reports: test-results/lighthouse/{lab,embed}-{mobile,desktop}.json');
    console.log(`  machine: ${cpus().length} cores, load average ${one?.toFixed(1)} over the last minute`);
    console.log('  (mobile: simulated slow 4G and a 4x slower CPU; scores move a few points between runs)');
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(`bench:lighthouse: ${error.message}`);
  process.exit(1);
});
