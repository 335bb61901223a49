// `npm run bench:recorded`: what a long recording costs the "Real servers" view, at 1,000, 10,000
// and 100,000 observations (a report, not a pass/fail test; compare ratios taken in one run):
//   - in Node: parsing its JSON, validateRecording, recordingToTrace, the differences;
//   - in headless Chromium, against the built site (`--no-build` keeps dist/ as it is): from asking
//     for the recording (its file served by route interception) to the recorded run's timeline
//     drawn, and the longest main-thread task meanwhile (`--node-only` skips this part).
// Aim (issue 40): time that grows no faster than the recording's size.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createSimulator } from '../src/engine';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { scenarioFor, validateRecording, type Recording } from '../src/engine/surfaces/recorded';
import { recordedDifferences } from '../src/ui/recorded/trace/differences';
import { recordingToTrace } from '../src/ui/recorded/trace/toTrace';
import { longRecording } from '../src/ui/testing/longRecording';
import { buildSite, servePreview } from './preview.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// BENCH_SIZES=1000,20000 measures other sizes.
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4194);
const base = JSON.parse(readFileSync(`${root}public/recordings/etcd-race.json`, 'utf8')) as Recording;

const time = <T>(f: () => T): [T, number] => {
  const start = performance.now();
  const out = f();
  return [out, performance.now() - start];
};
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
const perK = (n: number, size: number) => `${((n / size) * 1000).toFixed(1)} ms per 1,000`;

function inNode() {
  const { simulate } = createSimulator(ALL_MODELS);
  console.log('In Node (one run each):');
  console.log('  observations      parse   validate    toTrace differences    total');
  for (const size of SIZES) {
    const text = JSON.stringify(longRecording(base, size, `bench-${size}`));
    const [raw, parse] = time(() => JSON.parse(text) as unknown);
    const [checked, validate] = time(() => validateRecording(raw));
    if (!checked.ok) throw new Error(`the benchmark's recording is invalid: ${checked.message}`);
    const [, toTrace] = time(() => recordingToTrace(checked.recording));
    const [, differences] = time(() =>
      recordedDifferences(checked.recording, simulate(scenarioFor(checked.recording))),
    );
    const total = parse + validate + toTrace + differences;
    console.log(
      `  ${String(size).padStart(12)} ${ms(parse)} ${ms(validate)} ${ms(toTrace)} ${ms(differences)} ${ms(total)}  (${perK(total, size)}, ${(text.length / 1e6).toFixed(1)} MB)`,
    );
  }
}

async function inChromium() {
  if (!process.argv.includes('--no-build')) buildSite();
  const site = await servePreview(PORT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    console.log('In Chromium (the built site; asked for to the recorded timeline drawn):');
    for (const size of SIZES) {
      const id = `bench-${size}`;
      const body = JSON.stringify(longRecording(base, size, id));
      const page = await browser.newPage();
      await page.route(`**/recordings/${id}.json`, (route) => route.fulfill({ contentType: 'application/json', body }));
      await page.goto(`${site.base}#recordings`);
      await page.getByText('Pick a recording above to see it.').waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { longest: number };
        w.longest = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
        }).observe({ type: 'longtask' });
      });
      const start = Date.now();
      await page.evaluate((hash) => (window.location.hash = hash), `#recording=${id}`);
      await page.locator(`[data-run="recorded"] svg.tl-svg`).waitFor({ timeout: 600_000 });
      await page.getByRole('heading', { name: `A long run of ${size} observations` }).waitFor();
      const drawn = Date.now() - start;
      const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
      console.log(
        `  ${String(size).padStart(12)} observations: drawn in ${ms(drawn)} (${perK(drawn, size)}), longest task ${ms(longest)}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    site.stop();
  }
}

inNode();
if (!process.argv.includes('--node-only')) await inChromium();
