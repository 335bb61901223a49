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
// BENCH_PORT: another checkout may be serving on the usual port at the same time.
const PORT = Number(process.env.BENCH_PORT ?? 4194);
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
  return report;
}

/** @param {any} report @param {string} id @returns {number} a category's score, 0 to 100 */
const scoreOf = (report, id) => Math.round((report.categories[id]?.score ?? NaN) * 100);

async function main() {
  // `npm run bench:lighthouse -- embed mobile` runs only what the words name; `--runs=N` (3 unless
  // told) runs each case N times. One run is not a figure here: the headless Chromium that
  // Lighthouse drives on these machines often reports the first paint a second or two after
  // it happened, and the simulated phone then counts all the work done meanwhile as needed for it.
  const args = process.argv.slice(2);
  const runsArg = args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? '3';
  if (!/^[1-9]\d*$/.test(runsArg)) throw new Error(`--runs takes a whole number of runs, 1 or more, not "${runsArg}"`);
  const runs = Number(runsArg);
  const words = ['lab', 'embed', 'mobile', 'desktop'];
  const unknown = args.filter((a) => !a.startsWith('--runs=') && !words.includes(a));
  if (unknown.length) throw new Error(`unknown argument ${unknown.join(', ')}: give ${words.join(', ')} or --runs=N`);
  const only = args.filter((a) => words.includes(a));
  ensureLighthouse();
  buildSite();
  const { base, stop } = await servePreview(PORT);
  try {
    console.log(`\nLighthouse ${LIGHTHOUSE} on the built site (vite preview), ${runs} run${runs > 1 ? 's' : ''} each`);
    /** @param {string} word @param {string[]} all every word of its kind */
    const wanted = (word, all) => !only.some((w) => all.includes(w)) || only.includes(word);
    const forms = /** @type {const} */ (['mobile', 'desktop']);
    for (const entry of ENTRIES.filter((e) => wanted(e.key, ['lab', 'embed']))) {
      for (const form of forms.filter((f) => wanted(f, [...forms]))) {
        const reports = Array.from({ length: runs }, () => lighthouse(base + entry.hash, form));
        const perf = reports.map((r) => scoreOf(r, 'performance'));
        // The run reported in full is the median by performance (the lower middle for an even
        // count); a run Lighthouse could not score sorts first.
        const rank = (/** @type {number} */ i) => (Number.isFinite(perf[i]) ? /** @type {number} */ (perf[i]) : -1);
        const report = reports[[...reports.keys()].sort((a, b) => rank(a) - rank(b))[Math.floor((runs - 1) / 2)] ?? 0];
        const score = (/** @type {string} */ id) => scoreOf(report, id);
        const range = runs > 1 ? ` (runs: ${perf.join(', ')})` : '';
        console.log(
          `  ${entry.name}, ${form}: performance ${score('performance')}${range}, accessibility ${score('accessibility')}, ` +
            `best practices ${score('best-practices')}, SEO ${score('seo')}`,
        );
        const observed = reports.map((r) => {
          const ms = r.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint;
          return typeof ms === 'number' ? Math.round(ms) : '?';
        });
        console.log(
          `    ${METRICS.map(([id, name]) => `${name} ${report.audits[id]?.displayValue ?? '?'}`).join(', ')}` +
            `; first paint as the browser reported it, unthrottled: ${observed.join(', ')} ms`,
        );
        const failing = Object.values(report.audits).filter(
          (/** @type {any} */ a) =>
            typeof a.score === 'number' &&
            a.score < 0.9 &&
            !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode),
        );
        for (const a of /** @type {any[]} */ (failing))
          console.log(`    not passed: ${a.id} (${a.title}${a.displayValue ? `: ${a.displayValue}` : ''})`);
        // Kept for a closer look (which element shifted, which task was long): test-results/lighthouse/,
        // the median run as KEY-FORM.json and every run as KEY-FORM-N.json.
        mkdirSync(join(root, 'test-results/lighthouse'), { recursive: true });
        writeFileSync(join(root, 'test-results/lighthouse', `${entry.key}-${form}.json`), JSON.stringify(report));
        reports.forEach((r, n) =>
          writeFileSync(join(root, 'test-results/lighthouse', `${entry.key}-${form}-${n + 1}.json`), JSON.stringify(r)),
        );
      }
    }
    const [one] = loadavg();
    console.log('  the reports: test-results/lighthouse/{lab,embed}-{mobile,desktop}[-N].json (no -N: the median run)');
    console.log(`  machine: ${cpus().length} cores, load average ${one?.toFixed(1)} over the last minute`);
    console.log('  (mobile: simulated slow 4G and a 4x slower CPU)');
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(`bench:lighthouse: ${error.message}`);
  process.exit(1);
});
