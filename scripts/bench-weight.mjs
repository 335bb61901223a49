#!/usr/bin/env node
// The JavaScript each of the site's entries (the full lab, the embed player) loads before its
// first render, gzipped: the chunks the page requested by the time its narration first appears.
// A report, not a test. `npm run bench:weight` runs it alone against a fresh build; bench-ui.mjs
// prints the same table. Workers are listed apart: a page starts them, but does not wait for them.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildSite, servePreview } from './preview.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The entries measured: what a reader opens, by its link. */
export const ENTRIES = [
  { key: 'lab', name: 'full lab', hash: '' },
  { key: 'embed', name: 'embed player', hash: '#embed&preset=canonical-race&step=t6' },
];

// Runs in the page (kept as text: this file is checked without the DOM's types): records when
// the page's own narration first appears, in ms since navigation start: drawn afresh, or the
// build's first view taken over by the page (main.tsx then drops its first-view class). An embed's
// first view, which the starter draws before the page's script has come, is not the page's own.
export const RECORD_FIRST_RENDER = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="narration"]:not(.first-view *, .first-embed *)')) {
      window.firstRenderMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributeFilter: ['class'] });`;

/** 10 TCP segments of 1,460 bytes: what a new connection's first round trip carries (RFC 6928). */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** @param {string} name a file in dist/ @returns {number} its size gzipped (level 9) */
const gzipped = (name) => {
  const file = `${root}dist/${name}`;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : NaN;
};

/**
 * For each entry: the chunks loaded before the first render and their gzipped total, in bytes.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base the built site's URL, ending in '/'
 * `page` is the page itself, gzipped: its HTML, with the page's styles and the lab's first view.
 * @returns {Promise<{ name: string, chunks: { file: string, gzip: number }[], gzip: number, page: number, workers: string[], firstRenderMs: number }[]>}
 */
export async function firstRenderWeight(browser, base) {
  const out = [];
  for (const entry of ENTRIES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    /** @type {string[]} */
    const workers = [];
    page.on('worker', (w) => workers.push(w.url().split('/').pop() ?? w.url()));
    await page.addInitScript({ content: RECORD_FIRST_RENDER });
    await page.goto(base + entry.hash);
    // The page's own render, not the build's first view that index.html already holds.
    // (A function, not a string: the CSP refuses a string evaluated in the page.)
    await page.waitForFunction(() => /** @type {any} */ (globalThis).firstRenderMs !== undefined, undefined, {
      timeout: 60_000,
    });
    const { firstRenderMs, scripts } = /** @type {{ firstRenderMs: number, scripts: string[] }} */ (
      await page.evaluate(`(() => ({
        firstRenderMs: window.firstRenderMs,
        scripts: performance.getEntriesByType('resource')
          .filter((r) => r.name.endsWith('.js') && r.startTime <= window.firstRenderMs)
          .map((r) => new URL(r.name).pathname.split('/').pop()),
      }))()`)
    );
    const chunks = [...new Set(scripts)]
      .filter((file) => !workers.includes(file))
      .map((file) => ({ file, gzip: gzipped(`assets/${file}`) }))
      .sort((a, b) => b.gzip - a.gzip);
    out.push({
      name: entry.name,
      chunks,
      gzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
      page: gzipped('index.html'),
      workers,
      firstRenderMs,
    });
    await page.close();
  }
  return out;
}

/** @param {Awaited<ReturnType<typeof firstRenderWeight>>} rows @returns {string[]} report lines */
export function weightLines(rows) {
  const kB = (/** @type {number} */ n) => `${(n / 1000).toFixed(1)} kB`;
  const lines = ['  JavaScript loaded before the first render (gzipped, level 9):'];
  for (const row of rows) {
    lines.push(`    ${row.name.padEnd(13)} ${kB(row.gzip).padStart(9)} in ${row.chunks.length} chunks`);
    lines.push(`      ${row.chunks.map((c) => `${c.file.replace(/-[\w-]{8}\.js$/, '')} ${kB(c.gzip)}`).join(', ')}`);
    if (row.workers.length) lines.push(`      workers started by then: ${row.workers.join(', ')}`);
  }
  const [lab, embed] = rows;
  if (lab && embed)
    lines.push(`    the embed loads ${((100 * embed.gzip) / lab.gzip).toFixed(0)} % of what the lab loads`);
  if (lab) {
    lines.push(
      `  and the page itself, for both (HTML with the page's styles and the lab's first view): ${kB(lab.page)} gzipped`,
    );
    // A new connection's first round trip carries 10 TCP segments (RFC 6928): a page bigger than
    // that, less its response's headers, takes a second round trip before the browser has it all.
    const fits = lab.page <= FIRST_ROUND_TRIP_BYTES;
    const window = `what a new connection's first round trip carries (${kB(FIRST_ROUND_TRIP_BYTES)})`;
    const spare = (FIRST_ROUND_TRIP_BYTES - lab.page).toLocaleString('en');
    lines.push(
      fits
        ? `    within ${window}, with ${spare} bytes left for the response's headers`
        : `    ${kB(lab.page - FIRST_ROUND_TRIP_BYTES)} over ${window}: the page takes a second round trip`,
    );
  }
  return lines;
}

async function main() {
  buildSite();
  const { base, stop } = await servePreview(4193);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    console.log(weightLines(await firstRenderWeight(browser, base)).join('\n'));
  } finally {
    await browser.close();
    stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main().catch((error) => {
    console.error(`bench:weight: ${error.message}`);
    process.exit(1);
  });
