// Issue 13, item 3: the timeline exported for docs. The SVG opened alone (a file, no stylesheet)
// shows the lane names, labels and marks in colour, not a black rectangle; the PNG has twice its
// pixels; the Mermaid text renders with the mermaid package itself, every party and message in it.
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createSimulator, findPreset, type Scenario } from '../src/engine';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { formatMermaid } from '../src/engine/surfaces/export';
import { openLab, seekToLabel } from './helpers';

/** Clicks an export button and returns the downloaded file's bytes and name. */
async function download(page: Page, name: string): Promise<{ bytes: Buffer; file: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return { bytes: await readFile((await file.path())!), file: file.suggestedFilename() };
}

/** Pixel statistics of a PNG, decoded by the browser: shares of near-black, near-white, coloured. */
async function pixels(page: Page, png: Buffer) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    let light = 0;
    let colour = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r + g + b < 120) dark++;
      if (r + g + b > 690) light++;
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) colour++;
    }
    const n = data.length / 4;
    return { dark: dark / n, light: light / n, colour: colour / n, width: img.naturalWidth, height: img.naturalHeight };
  }, png.toString('base64'));
}

test('the SVG stands alone: lane names, labels and marks, in colour', async ({ page, context }) => {
  await openLab(page);
  await seekToLabel(page, 't6');
  const { bytes, file } = await download(page, 'Download SVG');
  expect(file).toBe('the-canonical-race.timeline.svg');
  const path = join(tmpdir(), `fencelab-${Date.now()}.svg`);
  await writeFile(path, bytes);

  const alone = await context.newPage();
  await alone.goto(`file://${path}`);
  const texts = await alone.locator('text').allTextContents();
  for (const name of ['Lock service', 'Client1', 'Client2', 'Storage', 't0', 't4', 't6']) expect(texts).toContain(name);
  // The key comes with it, every entry the lab shows, under the lanes.
  const key = await page.locator('.tl-legend li').allInnerTexts();
  expect(key.length).toBeGreaterThan(5);
  for (const entry of key) expect(texts).toContain(entry.trim());
  const [lane, entry] = [
    await alone
      .locator('text', { hasText: /^Storage$/ })
      .first()
      .boundingBox(),
    await alone.locator('text', { hasText: 'write rejected: stale token' }).boundingBox(),
  ];
  expect(entry!.y).toBeGreaterThan(lane!.y + lane!.height);
  // Lane names are drawn where a reader sees them, in a fill that is not the default black.
  const title = alone.locator('text', { hasText: /^Client1$/ }).first();
  await expect(title).toBeVisible();
  const shot = await alone.screenshot({ path: 'test-results/screenshots/export-svg-alone.png' });
  const stats = await pixels(page, shot);
  expect(stats.dark).toBeLessThan(0.08);
  expect(stats.light).toBeGreaterThan(0.3);
  expect(stats.colour).toBeGreaterThan(0.002);
  console.log(`SVG: ${bytes.length} bytes; pixels ${JSON.stringify(stats)}`);
});

test('the SVG dims what has not happened yet, as the lab does', async ({ page }) => {
  await openLab(page);
  /** The widths of the veils over the plot (the legend's swatch has one too, 17 px high). */
  const veils = (svg: string) =>
    (svg.match(/<rect [^>]*fill="rgb\(255, 255, 255\)" fill-opacity="0\.6"[^>]*>/g) ?? [])
      .filter((rect) => Number(/ height="([\d.]+)"/.exec(rect)![1]) > 17)
      .map((rect) => Number(/ width="([\d.]+)"/.exec(rect)![1]));
  const plot = (await page.locator('.tl-fade').boundingBox())!;
  // At the first step nearly all of the run is still to come: the veil is most of the plot wide.
  const first = veils((await download(page, 'Download SVG')).bytes.toString('utf8'));
  expect(first).toHaveLength(1);
  expect(first[0]).toBeGreaterThan(plot.width * 0.9);
  // The status says so, and how to save the whole run instead: a picture of the run's first moment
  // was all a docs author got from saving as the lab opened.
  const last = /of (\d+)/.exec((await page.locator('.narration .narration-step').first().textContent()) ?? '')![1];
  await expect(page.locator('.export-status')).toHaveText(
    `SVG saved: the run as far as step 0 of ${last}, the steps after it faded, as on the screen. For the whole run, move the cursor to the last step (End) and save again.`,
  );
  // At the last step only the quiet time after it is.
  await page.keyboard.press('End');
  const end = veils((await download(page, 'Download SVG')).bytes.toString('utf8'));
  expect(end.reduce((a, b) => a + b, 0)).toBeLessThan(plot.width * 0.1);
  await expect(page.locator('.export-status')).toHaveText('SVG saved: the whole run, to its last step.');
});

test('the PNG has twice the pixels of the SVG', async ({ page }) => {
  await openLab(page);
  const svg = (await download(page, 'Download SVG')).bytes.toString('utf8');
  const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]);
  const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)![1]);
  const { bytes, file } = await download(page, 'Download PNG (2x)');
  expect(file).toBe('the-canonical-race.timeline@2x.png');
  // The PNG header's IHDR chunk: width and height, big-endian, at bytes 16 and 20.
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([width * 2, height * 2]);
  const stats = await pixels(page, bytes);
  expect(stats.dark).toBeLessThan(0.08);
  await expect(page.locator('.export-status')).toContainText('PNG saved');
});

/** Renders Mermaid text with the mermaid package in a blank page; returns the SVG's text. */
async function renderMermaid(page: Page, text: string): Promise<string> {
  await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
  await page.addScriptTag({ path: 'node_modules/mermaid/dist/mermaid.min.js' });
  return page.evaluate(async (source) => {
    const m = (
      window as unknown as {
        mermaid: { initialize(o: object): void; render(id: string, t: string): Promise<{ svg: string }> };
      }
    ).mermaid;
    m.initialize({ startOnLoad: false });
    const { svg } = await m.render('race', source);
    const out = document.getElementById('out')!;
    out.innerHTML = svg;
    return out.textContent ?? '';
  }, text);
}

test('Copy as Mermaid: the text renders with mermaid, every party and message in it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLab(page, '#preset=redlock-race');
  await page.getByRole('button', { name: 'Copy as Mermaid' }).click();
  await expect(page.locator('.export-status')).toContainText('Mermaid text copied');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text.startsWith('sequenceDiagram\n')).toBe(true);

  const rendered = await renderMermaid(await context.newPage(), text);
  const lines = text.split('\n').map((l) => l.trim());
  const parties = lines.flatMap((l) => /^participant \S+ as (.+)$/.exec(l)?.[1] ?? []);
  const messages = lines.flatMap((l) => /^\w+(?:->>|-x|-\))\w+: (.+)$/.exec(l)?.[1] ?? []);
  const notes = lines.flatMap((l) => /^Note over \w+: (.+)$/.exec(l)?.[1] ?? []);
  expect(parties).toContain('Redis master 3');
  expect(messages.length).toBeGreaterThan(10);
  for (const p of parties) expect(rendered, p).toContain(p);
  for (const m of [...messages, ...notes]) expect(rendered, m).toContain(m);
});

test('where the clipboard refuses, the Mermaid text is shown to copy, and renders', async ({ page, context }) => {
  // The window a docs author had: the bar under the timeline ends near its bottom edge.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no')) } });
  });
  await openLab(page);
  await page.getByRole('button', { name: 'Copy as Mermaid' }).click();
  const field = page.getByLabel('Mermaid text of this run');
  const text = await field.inputValue();
  expect(text).toContain('Note over Storage: t6: 33 <= 34 -> REJECT');
  // Whole on the screen, with its Close button: it opened at the window's bottom edge.
  await expect(field).toBeInViewport({ ratio: 1 });
  await expect(page.locator('.export-status').getByRole('button', { name: 'Close' })).toBeInViewport();
  const rendered = await renderMermaid(await context.newPage(), text);
  expect(rendered).toContain('t6: 33 <= 34 -> REJECT');
  expect(rendered).toContain('write.request token 33, value Y');
  await page.screenshot({ path: 'test-results/screenshots/export-mermaid-fallback.png' });
  await page.locator('.export-status').getByRole('button', { name: 'Close' }).click();
  await expect(field).toHaveCount(0);

  // The text shown is of the run on screen: another run (a strategy switched) takes it away.
  await page.getByRole('button', { name: 'Copy as Mermaid' }).click();
  await expect(field).toHaveCount(1);
  await page.getByLabel('Lock strategy').selectOption('redlock');
  await expect(field).toHaveCount(0);
  await expect(page.locator('.export-status')).toHaveText('');
});

test('hostile names, labels and values cannot turn the Mermaid text: every statement is drawn', async ({ page }) => {
  const hostile = 'x %%%{init: {"theme":"dark"}}%%% $$\\sqrt{2}$$ <b>b</b> <img src=x onerror=alert(1)> #; end';
  const race = findPreset('canonical-race')!.scenario;
  const scenario: Scenario = {
    ...race,
    name: `Run ${hostile}`,
    actions: race.actions.map((a) => (a.type === 'write' ? { ...a, value: `${a.value} ${hostile}` } : a)),
  };
  const text = formatMermaid(createSimulator(ALL_MODELS).simulate(scenario));
  const statements = text.trimEnd().split('\n').slice(1);
  expect(statements.some((l) => l.includes('REJECT'))).toBe(true);

  const rendered = await renderMermaid(page, text);
  // Mermaid draws each escape as the character it stands for.
  const shown = (s: string) => s.replace(/#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  for (const line of statements) {
    const words = /^\s*(?:title |participant \S+ as |Note over \w+: |\w+(?:->>|-x|-\))\w+: )(.*)$/.exec(line)?.[1];
    expect(words, line).toBeDefined();
    expect(rendered, line).toContain(shown(words!));
  }
  expect(rendered).toContain('33 <= 34 -> REJECT');
  expect(await page.locator('#out img').count()).toBe(0);
});
