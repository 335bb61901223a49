// The embed and its postMessage API, end to end: a parent page served from another origin (a
// node:http server started here) iframes the built site, drives it through every command, checks
// every event, and sends hostile messages (another window, the wrong origin, bad shapes, 1 MB).
// Also: the embed fits 640x360 without scrolling, axe finds nothing, screenshots in a docs page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findPreset } from '../src/engine';
import { embedDrawn } from './helpers';

type Event = { source: string; type: string; [key: string]: unknown };

let servers: Server[] = [];
let parentOrigin = '';
let strangerOrigin = '';

/** A parent page: the player iframed from the lab's origin, a second (same-origin) frame, a log. */
function parentPage(player: string, width: number, height: number, early = '[]'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs page</title>
<style>body{font:16px/1.5 system-ui;margin:0;padding:24px;max-width:${width + 80}px}iframe{border:1px solid #ccc}</style>
</head><body><h1>Fencing tokens</h1><p>Below, the race from the article, played step by step.</p>
<iframe id="player" name="player" src="${player}" width="${width}" height="${height}" title="Fencelab player"></iframe>
<p>Pause it, step it, and see why the stale write is refused.</p>
<iframe id="other" name="other" srcdoc="<p>other</p>" width="10" height="10" title="Another frame"></iframe>
<script>
  window.events = [];
  const player = document.getElementById('player');
  window.addEventListener('message', (e) => {
    if (e.source === player.contentWindow && e.data && e.data.source === 'fencelab') window.events.push(e.data);
  });
  window.send = (m) => player.contentWindow.postMessage(m, '*');
  // Commands sent as soon as the frame has loaded, before the player has said it is ready.
  player.addEventListener('load', () => { for (const m of ${early}) window.send(m); }, { once: true });
</script></body></html>`;
}

async function serve(handler: (path: string) => string): Promise<string> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(handler(req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.beforeAll(async ({ baseURL }) => {
  const lab = baseURL!;
  const pages = (origin: () => string) => (path: string) => {
    const q = new URL(path, 'http://x').searchParams;
    const hash = `#embed&preset=canonical-race&step=${q.get('step') ?? 't0'}&origin=${encodeURIComponent(q.get('origin') ?? origin())}${q.get('show') ? `&show=${q.get('show')}` : ''}${q.get('speed') ? `&speed=${q.get('speed')}` : ''}${q.get('strategy') ? `&strategy=${q.get('strategy')}` : ''}${q.has('autoplay') ? '&autoplay' : ''}`;
    return parentPage(`${lab}/${hash}`, Number(q.get('w') ?? 640), Number(q.get('h') ?? 360), q.get('early') ?? '[]');
  };
  parentOrigin = await serve(pages(() => parentOrigin));
  // A second origin whose page names the first as the parent: its commands must be refused.
  strangerOrigin = await serve(pages(() => parentOrigin));
});
test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

const events = (page: Page) => page.evaluate(() => (window as unknown as { events: Event[] }).events);
const send = (page: Page, message: unknown) =>
  page.evaluate((m) => (window as unknown as { send(m: unknown): void }).send(m), message);
const clear = (page: Page) => page.evaluate(() => ((window as unknown as { events: Event[] }).events.length = 0));
const player = (page: Page): Frame => page.frame({ name: 'player' })!;

async function waitFor(page: Page, type: string, match: (e: Event) => boolean = () => true): Promise<Event> {
  let found: Event | undefined;
  await expect
    .poll(async () => (found = (await events(page)).find((e) => e.type === type && match(e))) !== undefined)
    .toBe(true);
  return found!;
}

async function openParent(page: Page, query = ''): Promise<Frame> {
  await page.goto(`${parentOrigin}/?${query}`);
  await waitFor(page, 'ready');
  await expect(player(page).getByTestId('narration')).toBeVisible();
  return player(page);
}

/** What the player shows: its position and narration. */
const shown = async (frame: Frame) =>
  `${await frame.getByTestId('position').innerText()}\n${await frame.getByTestId('narration').innerText()}`;

test('every command drives the player and every event comes back', async ({ page }) => {
  const frame = await openParent(page);
  const ready = (await events(page)).find((e) => e.type === 'ready')!;
  expect(ready).toMatchObject({
    source: 'fencelab',
    version: 1,
    strategy: 'fencing',
    preset: 'canonical-race',
    playing: false,
  });
  // The last index is the one the transport names after the slash ("Step 0 / 21").
  const last = Number((await frame.getByTestId('position').innerText()).match(/\/\s*(\d+)/)![1]);
  expect(ready).toMatchObject({ lastStep: last, steps: last + 1 });
  await waitFor(page, 'step', (e) => e.label === 't0');
  await waitFor(page, 'verdict', (e) => e.ok === true);

  await clear(page);
  await send(page, { type: 'seek', step: 't6' });
  const t6 = await waitFor(page, 'step', (e) => e.label === 't6');
  expect(t6.comparison).toMatch(/33 <= 34 -> REJECT/);
  expect(typeof t6.kind).toBe('string');
  await expect(frame.locator('.narration .step-label')).toHaveText('t6');

  await send(page, { type: 'seek', step: 2 });
  await waitFor(page, 'step', (e) => e.index === 2);
  await clear(page);
  await send(page, { type: 'play' });
  await expect(frame.getByRole('button', { name: 'Pause' })).toBeVisible();
  // A page's own Play button can follow the player: playing is told as it starts and stops.
  expect(await waitFor(page, 'playback')).toMatchObject({ playing: true, step: 2, atEnd: false });
  await waitFor(page, 'step', (e) => (e.index as number) > 2);
  await send(page, { type: 'pause' });
  await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
  await waitFor(page, 'playback', (e) => e.playing === false && (e.step as number) > 2);

  // The strategy already open changes nothing, and tells nothing.
  await clear(page);
  await send(page, { type: 'set-strategy', strategy: 'fencing' });
  await send(page, { type: 'seek', step: 't6' });
  await waitFor(page, 'step', (e) => e.label === 't6');
  expect((await events(page)).map((e) => e.type)).toEqual(['step']);

  await clear(page);
  await send(page, { type: 'set-strategy', strategy: 'lease-trust' });
  await waitFor(page, 'verdict', (e) => (e.run as { ok: boolean }).ok === false);
  await send(page, { type: 'seek', step: 't6' });
  await waitFor(page, 'invariant-broken', (e) => typeof e.invariant === 'string' && typeof e.message === 'string');
  await waitFor(page, 'verdict', (e) => e.ok === false);

  await clear(page);
  await send(page, { type: 'set-knob', key: 'leaseTtlMs', value: 5000 });
  await waitFor(page, 'step');
  // Each new run is told: how many steps, under which strategy.
  await waitFor(page, 'run', (e) => e.strategy === 'lease-trust' && e.lastStep === (e.steps as number) - 1);
  await send(page, { type: 'set-knob', key: 'leaseTtlMs', value: null });

  await clear(page);
  await send(page, { type: 'load', preset: 'etcd-race' });
  await waitFor(page, 'step', (e) => e.index === 0);
  await waitFor(page, 'run', (e) => e.preset === 'etcd-race' && e.strategy === 'etcd');
  await expect(frame.getByTestId('open-in-lab')).toHaveAttribute('href', /#preset=etcd-race&step=0$/);
  // As drawn: it read "Open inFencelab" (a space at a flex item's end is not drawn).
  await expect(frame.getByTestId('open-in-lab')).toHaveText(/^Open in\s+Fencelab/, { useInnerText: true });

  // A load at a step tells where it ends: that step, not the first step on the way.
  const scenario = { ...findPreset('canonical-race')!.scenario, name: 'From the parent' };
  await clear(page);
  await send(page, { type: 'load', scenario, step: 't6' });
  await waitFor(page, 'step', (e) => e.label === 't6');
  await waitFor(page, 'run', (e) => e.name === 'From the parent' && e.preset === null);
  expect((await events(page)).filter((e) => e.type === 'step').map((e) => e.label)).toEqual(['t6']);
  await expect(frame.getByTestId('open-in-lab')).toHaveAttribute('href', /#s=/);
});

test("commands sent as soon as the frame has loaded, before ready, run once the link's view is open", async ({
  page,
}) => {
  const early = JSON.stringify([{ type: 'pause' }, { type: 'seek', step: 't2' }]);
  await page.goto(`${parentOrigin}/?step=t6&autoplay&early=${encodeURIComponent(early)}`);
  const ready = await waitFor(page, 'ready');
  const frame = player(page);
  await expect(frame.locator('.narration .step-label')).toHaveText('t2');
  await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
  // ready tells where the commands ended, not the step the link named.
  const t2 = Number((await frame.getByTestId('position').innerText()).match(/Step\s*(\d+)/)![1]);
  expect(ready.step).toBe(t2);
  await page.waitForTimeout(600);
  await expect(frame.locator('.narration .step-label')).toHaveText('t2');
});

test('a command sent before ready that fails is told after ready, as the docs say errors come', async ({ page }) => {
  // A page that listens from ready on must not miss an error that came before it.
  const early = JSON.stringify([{ type: 'load', scenario: { name: 'x' } }]);
  await page.goto(`${parentOrigin}/?step=t6&early=${encodeURIComponent(early)}`);
  await waitFor(page, 'error', (e) => /^load: the scenario is not valid/.test(e.message as string));
  const types = (await events(page)).map((e) => e.type);
  expect(types.indexOf('ready')).toBeGreaterThanOrEqual(0);
  expect(types.indexOf('error')).toBeGreaterThan(types.indexOf('ready'));
  await expect(player(page).locator('.narration .step-label')).toHaveText('t6');
});

test('playing fast passes several steps a frame: each is told, in order, comparisons included', async ({ page }) => {
  const frame = await openParent(page, 'speed=64');
  const ready = (await events(page)).find((e) => e.type === 'ready')!;
  const [start, last] = [ready.step as number, ready.lastStep as number];
  await clear(page);
  await send(page, { type: 'play' });
  // Read once the last step's own event has come, not just when the frame shows it.
  await expect(frame.getByTestId('position')).toContainText(`${last} / ${last}`, { timeout: 30_000 });
  await waitFor(page, 'step', (e) => e.index === last);
  const played = (await events(page)).filter((e) => e.type === 'step');
  expect(played.map((e) => e.index)).toEqual([...Array(last - start).keys()].map((i) => i + start + 1));
  expect(played.find((e) => e.label === 't6')?.comparison).toMatch(/33 <= 34 -> REJECT/);
});

test('autoplay starts once ready has been sent: every step it plays is told, in order', async ({ page }) => {
  await page.goto(`${parentOrigin}/?step=0&autoplay&speed=64`);
  const ready = await waitFor(page, 'ready');
  const [start, last] = [ready.step as number, ready.lastStep as number];
  await waitFor(page, 'step', (e) => e.index === last);
  const told = (await events(page)).filter((e) => e.type === 'step' || e.type === 'invariant-broken');
  // ready names the step it opened at (the first), and each step from there is told once, in order.
  expect(start).toBe(0);
  expect(told.filter((e) => e.type === 'step').map((e) => e.index)).toEqual([...Array(last + 1).keys()]);
  expect(told.filter((e) => e.type === 'invariant-broken')).toEqual([]);
  // Under a plain lease the broken invariant is told right after the step that breaks it.
  await clear(page);
  await page.goto(`${parentOrigin}/?step=0&strategy=lease-trust&autoplay&speed=64`);
  await waitFor(page, 'ready');
  const broken = await waitFor(page, 'invariant-broken');
  const order = (await events(page)).filter((e) => e.type === 'step' || e.type === 'invariant-broken');
  const at = order.findIndex((e) => e.type === 'invariant-broken');
  expect(order[at - 1]).toMatchObject({ type: 'step', index: broken.step });
});

test('a load whose step the new run does not have loads nothing', async ({ page }) => {
  const frame = await openParent(page, 'step=t3');
  const before = await shown(frame);
  await clear(page);
  await send(page, { type: 'load', preset: 'etcd-race', step: 't99' });
  const error = await waitFor(page, 'error');
  expect(error.message).toMatch(/^load: No step is labelled "t99".*Nothing was loaded\.$/);
  await send(page, { type: 'load', preset: 'etcd-race', step: 500 });
  await waitFor(page, 'error', (e) => /step 500/.test(e.message as string));
  // Still the run and the step that were open, and no event said otherwise.
  expect(await shown(frame)).toBe(before);
  expect((await events(page)).map((e) => e.type)).toEqual(['error', 'error']);
  await expect(frame.getByTestId('open-in-lab')).toHaveAttribute('href', /#preset=canonical-race&step=t3$/);
  // A load put back while playing stopped the playing: that much is told, so a page's Play button follows.
  await send(page, { type: 'seek', step: 0 });
  await send(page, { type: 'play' });
  await waitFor(page, 'playback', (e) => e.playing === true);
  await clear(page);
  await send(page, { type: 'load', preset: 'etcd-race', step: 't99' });
  await waitFor(page, 'error');
  await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
  await waitFor(page, 'playback', (e) => e.playing === false);
  await send(page, { type: 'seek', step: 't3' });
  await expect(frame.locator('.narration .step-label')).toHaveText('t3');
  // Nor is a load put back left to redo: Ctrl+Y in the frame brings back nothing. (End, pressed
  // after it, is a key whose effect shows: once it has, a redo would have too.)
  await frame.getByTestId('narration').click();
  await page.keyboard.press('Control+y');
  await page.keyboard.press('Control+Shift+Z');
  await page.keyboard.press('End');
  const last = before.match(/\/\s*(\d+)/)![1]!;
  await expect.poll(() => shown(frame)).toMatch(new RegExp(`Step ${last} / ${last}\\b`));
  await expect(frame.getByTestId('open-in-lab')).toHaveAttribute('href', /#preset=canonical-race&step=\w+$/);
});

test('a link the player cannot read says why in the frame and in an error event', async ({ page }) => {
  const frame = await openParent(page, 'step=t99');
  await expect(frame.getByRole('alert')).toContainText('t99');
  const error = await waitFor(page, 'error');
  expect(error.message).toMatch(/t99/);
  // It comes after ready, which says what did open.
  const types = (await events(page)).map((e) => e.type);
  expect(types.indexOf('ready')).toBeLessThan(types.indexOf('error'));
  // The banner takes room from the narration's spare height: even Redlock's eight lanes and the
  // banner fit a 640x360 frame.
  await page.setViewportSize({ width: 640, height: 360 });
  await page.goto('./#embed&preset=redlock-clock-jump&step=t6');
  await embedDrawn(page);
  await expect(page.getByRole('alert')).toContainText('No step is labelled "t6"');
  await expect(page.locator('.tl-svg')).toBeVisible();
  const scrolls = await page.evaluate(() =>
    [document.scrollingElement!, document.querySelector('main.embed')!].some((el) => el.scrollHeight > el.clientHeight),
  );
  expect(scrolls).toBe(false);
});

test('an empty show= shows the default parts and says so; a link over the size limit is refused in a short sentence', async ({
  page,
}) => {
  await page.goto('./#embed&preset=canonical-race&step=t6&show=');
  await embedDrawn(page);
  await expect(page.getByRole('alert')).toContainText('"show" names no part');
  await expect(page.locator('.tl-svg')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  await page.goto(`./#embed&preset=canonical-race&s=${'A'.repeat(1024 * 1024)}`);
  await embedDrawn(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('characters long, more than the 262,144 a link may have');
  expect((await alert.innerText()).length).toBeLessThan(300);
  await expect(page.locator('.tl-svg')).toBeVisible();
});

test('hostile messages change nothing; bad shapes get one warning and an error event', async ({ page }) => {
  const frame = await openParent(page, 'step=t3');
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const before = await shown(frame);
  await clear(page);

  // From a window that is not the parent: ignored without a word.
  await page.frame({ name: 'other' })!.evaluate(() => {
    const target = (window.parent.document.getElementById('player') as HTMLIFrameElement).contentWindow!;
    target.postMessage({ type: 'seek', step: 0 }, '*');
    target.postMessage({ type: 'load', preset: 'etcd-race' }, '*');
  });
  // Bad shapes and sizes from the parent: each an error event and one warning.
  const bad: unknown[] = [
    null,
    42,
    'not json',
    [],
    { type: 'explode' },
    { notype: true },
    { type: 'seek' },
    { type: 'seek', step: -1 },
    { type: 'load', preset: 'etcd-race', stpe: 't6' },
    { type: 'play', speed: 2 },
    { type: 'seek', step: 99999 },
    { type: 'seek', step: 'no-such' },
    { type: 'set-strategy', strategy: 'paxos' },
    { type: 'set-knob', key: 'leaseTtlMs', value: 'long' },
    { type: 'set-knob', key: '__proto__', value: 1 },
    { type: 'load', preset: 'nope' },
    { type: 'load', scenario: { format: 'fencelab.scenario', version: 99 } },
    { type: 'load', preset: 'canonical-race', scenario: {} },
    { type: 'load', scenario: { junk: 'x'.repeat(1024 * 1024) } },
    'x'.repeat(1024 * 1024),
  ];
  for (const message of bad) await send(page, message);
  await expect.poll(async () => (await events(page)).filter((e) => e.type === 'error').length).toBe(bad.length);
  expect(warnings.length).toBe(bad.length);
  const all = await events(page);
  expect(all.filter((e) => e.type !== 'error')).toEqual([]);
  expect(all.find((e) => /256 kB/.test(String(e.message)))).toBeTruthy();
  expect(await shown(frame)).toBe(before);
});

test('a parent at another origin than the link names is not listened to or told anything', async ({ page }) => {
  // Told anything: not even tried, which Chromium logs as a warning per event.
  const refused: string[] = [];
  page.on('console', (m) => /postMessage/.test(m.text()) && refused.push(m.text()));
  await page.goto(`${strangerOrigin}/?step=t3`);
  const frame = player(page);
  await expect(frame.getByTestId('narration')).toBeVisible();
  await expect(frame.locator('.narration .step-label')).toHaveText('t3');
  // The frame says so, naming both origins, where the page's author sees it (a copied snippet's
  // placeholder origin= left in looked healthy and stayed silent).
  await expect(frame.getByRole('alert')).toContainText(
    `says origin=${parentOrigin}, but the page around it is ${strangerOrigin}`,
  );
  const before = await shown(frame);
  await send(page, { type: 'seek', step: 0 });
  await send(page, { type: 'load', preset: 'etcd-race' });
  await page.waitForTimeout(500);
  expect(await shown(frame)).toBe(before);
  expect(await events(page)).toEqual([]);
  expect(refused).toEqual([]);
});

test('the embed fits 640x360 without scrolling, passes axe, and looks right in a docs page', async ({ page }) => {
  for (const [w, h] of [
    [640, 360],
    [800, 450],
  ] as const) {
    const frame = await openParent(page, `step=t6&w=${w}&h=${h}`);
    await expect(frame.locator('.tl-svg')).toBeVisible();
    // Neither the page nor the player (which scrolls itself in a frame too short for it) scrolls.
    const fits = await frame.evaluate(() =>
      [document.scrollingElement!, document.querySelector('main.embed')!].every(
        (el) => el.scrollHeight <= el.clientHeight + 1,
      ),
    );
    expect(fits).toBe(true);
    await page.setViewportSize({ width: w + 160, height: h + 260 });
    await page.screenshot({ path: `test-results/screenshots/embed-${w}x${h}.png` });
  }
  // The tallest case at 640x360: five lanes, and a journal node's long comparison with the longest
  // note of any box, must still leave the bar inside the frame.
  await page.setViewportSize({ width: 640, height: 360 });
  await page.goto('./#embed&preset=qjm-missed-epoch&step=local');
  await embedDrawn(page);
  await expect(page.getByTestId('comparison')).toContainText('epoch 33 >= promised 33 -> APPEND');
  await expect(page.getByTestId('comparison')).toContainText('commits only once 2 journal nodes');
  const bar = (await page.getByRole('button', { name: 'Play' }).boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(360);
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollHeight <= document.scrollingElement!.clientHeight + 1),
  ).toBe(true);
  await page.goto('./#embed&preset=canonical-race&step=t6');
  await embedDrawn(page);
  await expect(page.getByTestId('narration')).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);
});

test("with the event table shown, its current row is in the frame as the cursor moves, not under the frame's edge", async ({
  page,
}) => {
  // In a 900x540 frame the table must stay inside the frame, its current row in view, not run past
  // the frame's bottom with the row the cursor is on.
  await page.setViewportSize({ width: 900, height: 540 });
  await page.goto('./#embed&preset=canonical-race&step=t6&show=timeline,narration,transport,events');
  const current = page.locator('.event-table tr[aria-current="step"]');
  const inFrame = async () => {
    const row = (await current.boundingBox())!;
    const box = (await page.locator('.event-table-box').boundingBox())!;
    return row.y >= box.y && row.y + row.height <= Math.min(box.y + box.height, 540) + 1;
  };
  await expect(current).toContainText('t6');
  await expect.poll(inFrame).toBe(true);
  // The player itself does not scroll: the table takes what the frame leaves.
  expect(
    await page.evaluate(() => {
      const main = document.querySelector('main.embed')!;
      return main.scrollHeight <= main.clientHeight + 1;
    }),
  ).toBe(true);
  for (const key of ['Home', 'End']) {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(key);
    await expect.poll(inFrame, key).toBe(true);
  }
});

test('the timeline keeps one size while the run plays: the narration is as tall from the start as it gets', async ({
  page,
}) => {
  // Measuring it raises no error in the page (a ResizeObserver report left for the next frame does,
  // which no console shows but a site's error monitoring would).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { pageErrors: string[] }).pageErrors = seen;
    window.addEventListener('error', (e) => seen.push(e.message));
  });
  const pageErrors = () => page.evaluate(() => (window as unknown as { pageErrors: string[] }).pageErrors);
  for (const [w, h] of [
    [640, 360],
    [390, 420],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('about:blank');
    await page.goto('./#embed&preset=canonical-race&step=2');
    await embedDrawn(page);
    await expect(page.locator('.narration .step-label')).toHaveCount(0);
    const size = () => page.locator('.tl-svg').evaluate((svg) => Math.round(svg.getBoundingClientRect().height));
    await expect.poll(size).toBeGreaterThan(100);
    const early = await size();
    // Stepped on in the same page up to t6, whose sentence and comparison box are the run's
    // tallest: no step takes room from the timeline.
    const sizes = new Set<number>();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    while (!(await page.locator('.narration .step-label').allTextContents()).includes('t6')) {
      await page.keyboard.press('ArrowRight');
      sizes.add(await size());
    }
    await expect(page.getByTestId('comparison')).toBeVisible();
    expect([...sizes], `${w}x${h}`).toEqual([early]);
    // The copies it is measured by are not seen, read out or found by a test id.
    await expect(page.getByTestId('narration')).toHaveCount(1);
    await expect(page.locator('.narration-probe')).toBeHidden();
    expect(await pageErrors(), `${w}x${h}`).toEqual([]);
  }
  // A frame made narrower in place measures again, at its new width: stepping through the run
  // there still takes no room from the timeline.
  await page.setViewportSize({ width: 640, height: 360 });
  await page.goto('about:blank');
  await page.goto('./#embed&preset=canonical-race&step=t6');
  await embedDrawn(page);
  await expect(page.getByTestId('comparison')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 420 });
  const size = () => page.locator('.tl-svg').evaluate((svg) => Math.round(svg.getBoundingClientRect().height));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Home');
  await expect(page.locator('.narration .step-label')).toHaveCount(0);
  const start = await size();
  const sizes = new Set<number>();
  while (!(await page.locator('.narration .step-label').allTextContents()).includes('t6')) {
    await page.keyboard.press('ArrowRight');
    sizes.add(await size());
  }
  expect([...sizes], 'made narrower in place').toEqual([start]);
  expect(await pageErrors()).toEqual([]);
});

test('a link with a strategy the lab does not have opens the rest of what it names, and says so once', async ({
  page,
}) => {
  await page.goto('./#embed&preset=canonical-race&strategy=zk&step=t4');
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Could not switch to the strategy "zk": the lab has no such strategy');
  await expect(banner).toContainText(/\(it has [a-z0-9-]+(, [a-z0-9-]+)+\)\./);
  // The scenario opened under its own strategy, at the step asked for.
  await expect(page.locator('.narration-where')).toContainText('t4');
  await expect(page.getByTestId('narration')).toContainText('34 > 32 -> ACCEPT');
  // Phrases and sentences joined end with one full stop.
  await page.goto('./#embed&preset=canonical-race&step=t9&speed=fast');
  await expect(banner).toContainText('No step is labelled "t9"');
  await expect(banner).toContainText('t6).');
  await expect(banner).not.toContainText('..');
});

test('the lab copies the embed code for its view, and the example page drives the player', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Step 5 has no label: it is named by its number. Step 4 is t2: it is named by its label.
  await page.goto('./#preset=canonical-race&step=5');
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Embed code copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#embed&amp;preset=canonical-race&amp;step=5" width="640" height="360" style="max-width: 100%" title="Fencelab: The canonical race" loading="lazy"><\/iframe>$/,
  );
  await page.goto('./#preset=canonical-race&step=4');
  await expect(page.getByTestId('narration')).toContainText('is over on LockService');
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain('#embed&amp;preset=canonical-race&amp;step=t2"');

  // Redlock's five masters get a taller frame: at 640x360 their lanes' names would be 9 px type.
  await page.goto('./#preset=redlock-race&step=t6');
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('height="420"');
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  await page.setViewportSize({ width: 640, height: 420 });
  await page.goto(snippet.match(/src="([^"]+)"/)![1]!.replaceAll('&amp;', '&'));
  await expect(page.locator('svg.tl-svg .tl-lane__title')).toHaveCount(8);
  await expect(page.locator('.tl-lane__title--tight')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('./embed-example.html');
  const log = page.locator('#log');
  await expect(log).toContainText('"type":"ready"');
  await page.getByRole('button', { name: 'Seek t6' }).click();
  await expect(log).toContainText('"label":"t6"');
  // Its one Play button follows the player: Pause while it plays, Play again once it stops.
  await page.getByRole('button', { name: 'Seek step 0' }).click();
  await expect(log).toContainText('"index":0');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(log).toContainText('"type":"playback","playing":true');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.getByRole('button', { name: 'Load a scenario (JSON)' }).click();
  await expect(page.frameLocator('#player').locator('.narration')).toContainText('Step 0');
});

test("the timeline's key shows over the drawing on demand, inside the frame, clear of the labels", async ({ page }) => {
  for (const [width, height] of [
    [640, 360],
    [390, 440],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('about:blank');
    await page.goto('./#embed&preset=canonical-race&step=t6');
    await embedDrawn(page);
    const key = page.getByRole('button', { name: 'Key' });
    const legend = page.locator('.tl-legend');
    await expect(legend).toBeHidden();
    // Clear of every step label and of the lanes' names, so it hides nothing a reader needs.
    const button = (await key.boundingBox())!;
    for (const box of [
      ...(await page.locator('.tl-label__pill').all()),
      ...(await page.locator('.tl-lane__title').all()),
    ]) {
      const b = (await box.boundingBox())!;
      const apart =
        b.x >= button.x + button.width ||
        b.x + b.width <= button.x ||
        b.y >= button.y + button.height ||
        b.y + b.height <= button.y;
      expect(apart, `the Key button at ${width}x${height} covers ${await box.textContent()}`).toBe(true);
    }
    await key.click();
    await expect(key).toHaveAttribute('aria-pressed', 'true');
    await expect(legend).toBeVisible();
    await expect(legend).toContainText('zombie window');
    const shown = (await legend.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(width);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    await key.click();
    await expect(legend).toBeHidden();
  }
});

test('the link back to the lab names the view from the first moment the frame shows it', async ({ page }) => {
  // Not "./", the lab's start, while the store's own link is worked out.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const link = document.querySelector('[data-testid="open-in-lab"]');
      if (!link) return;
      (window as unknown as { firstHref: string | null }).firstHref = link.getAttribute('href');
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('./#embed&preset=etcd-race&strategy=redlock&step=t6&speed=2&show=timeline,narration,transport');
  await expect(page.getByTestId('open-in-lab')).toBeVisible();
  const first = await page.evaluate(() => (window as unknown as { firstHref: string | null }).firstHref);
  expect(first).toMatch(/#preset=etcd-race&strategy=redlock&step=t6$/);
  await expect(page.getByTestId('open-in-lab')).toHaveAttribute('href', /#preset=etcd-race&strategy=redlock&step=t6$/);
});
