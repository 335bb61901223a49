// The timeline alone, in Chromium, on its dev-only harness page (src/ui/timeline/harness), which is
// not part of the built site: this spec serves it with Vite's dev server. It saves screenshots of
// three presets at 1280x800 to test-results/timeline/ (look at them) and checks what a user does
// with the timeline: read the verdicts, click to seek, zoom, fit, and follow the cursor.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';

let server: ViteDevServer;
let harness: string;

test.beforeAll(async () => {
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 4191, strictPort: false },
  });
  await server.listen();
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('the Vite dev server did not report its URL');
  harness = new URL('src/ui/timeline/harness/index.html', base).href;
});

test.afterAll(async () => {
  await server?.close();
});

test.use({ viewport: { width: 1280, height: 800 } });

async function open(page: Page, preset: string, cursor?: number) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${harness}?preset=${preset}${cursor === undefined ? '' : `&cursor=${cursor}`}`);
  await expect(page.getByRole('img', { name: /^Timeline of/ })).toBeVisible();
  // Pan and zoom load a moment after the first render (d3-zoom comes with import()).
  await expect(page.locator('.tl-stage')).toHaveAttribute('data-gestures', 'on');
  return errors;
}

const hint = (page: Page) => page.locator('.tl-toolbar__hint');

for (const [preset, cursor] of [
  ['canonical-race', 16],
  ['lease-trust-race', 16],
  ['pitfall-second-store', 18],
] as const) {
  test(`screenshot: ${preset}`, async ({ page }) => {
    const errors = await open(page, preset, cursor);
    await page.screenshot({ path: `test-results/timeline/${preset}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}

test('screenshot: canonical-race zoomed on t3 and t4', async ({ page }) => {
  const errors = await open(page, 'canonical-race', 9);
  for (let i = 0; i < 4; i += 1) await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  await page.screenshot({ path: 'test-results/timeline/canonical-race-zoomed.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('screenshot: a 10,000-step run, whole and zoomed', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${harness}?rounds=1300&cursor=5000`);
  await expect(page.getByRole('img', { name: /^Timeline of/ })).toHaveAttribute('aria-label', /\b[1-9]\d,\d{3} steps/);
  await page.screenshot({ path: 'test-results/timeline/long-run.png', fullPage: true });
  for (let i = 0; i < 6; i += 1) await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  await page.screenshot({ path: 'test-results/timeline/long-run-zoomed.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('a message dropped by a partition is dashed and ends in a cross', async ({ page }) => {
  await page.goto(`${harness}?preset=canonical-race&partition=1&cursor=12`);
  const dropped = page.locator('.tl-svg .tl-message--dropped');
  await expect(dropped).toHaveCount(1);
  await expect(dropped.locator('title')).toHaveText(/dropped by the network/);
  await expect(dropped.locator('.tl-message__cross')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/timeline/dropped-message.png', fullPage: true });
});

test('the canonical race shows t0..t6, the accept of 34, the reject of 33 and max_seen 34', async ({ page }) => {
  await open(page, 'canonical-race');
  const svg = page.getByRole('img', { name: /^Timeline of/ });
  await expect(svg).toHaveAttribute('aria-label', /2 writes accepted|1 write accepted, 1 rejected/);
  for (const label of ['t0', 't1', 't2', 't3', 't4', 't5', 't6']) {
    await expect(page.locator('.tl-label__text', { hasText: label })).toHaveCount(1);
  }
  await expect(page.locator('.tl-svg .tl-mark--reject title')).toHaveText(/33 <= 34 -> REJECT/);
  await expect(page.locator('.tl-svg .tl-mark--accept title')).toHaveText(/34 > 32 -> ACCEPT/);
  await expect(page.locator('.tl-maxseen__value')).toHaveText('34');
  await expect(page.locator('.tl-svg .tl-lease__zombie')).not.toHaveCount(0);
  await expect(page.locator('.tl-svg .tl-pause__bar')).not.toHaveCount(0);
});

test('clicking a mark seeks to its step; max_seen follows the cursor', async ({ page }) => {
  await open(page, 'canonical-race', 0);
  await expect(page.locator('.tl-maxseen__value')).toHaveText('32');
  await page.locator('.tl-svg .tl-mark--accept').click();
  await expect(page.getByTestId('current-step')).toContainText('Step 9 (t4)');
  await expect(page.locator('.tl-maxseen__value')).toHaveText('34');
  await expect(page.locator('.tl-maxseen__item--changed')).toHaveCount(1);
  await page.locator('.tl-label__text', { hasText: 't2' }).click();
  await expect(page.getByTestId('current-step')).toContainText('(t2)');
});

test('zoom in, fit, wheel, and the window following the cursor', async ({ page }) => {
  await open(page, 'canonical-race', 0);
  const fitButton = page.getByRole('button', { name: 'Fit' });
  await expect(fitButton).toBeDisabled();
  const whole = await hint(page).textContent();

  await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  await expect(hint(page)).not.toHaveText(whole ?? '');
  await expect(fitButton).toBeEnabled();
  // Zoomed in about the cursor at 0 ms: the zombie write at 2,606 ms is out of view.
  await expect(page.locator('.tl-svg .tl-mark--reject')).toHaveCount(0);

  // Stepping to the end moves the window along so the cursor stays in view.
  for (let i = 0; i < 17; i += 1) await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.locator('.tl-svg .tl-mark--reject')).toHaveCount(1);
  await expect(page.locator('.tl-overlay .tl-cursor__pill')).toHaveCount(1);
  await expect(page.locator('.tl-overlay .tl-cursor__text')).toHaveText(/step 17/);

  await fitButton.click();
  await expect(hint(page)).toHaveText(whole ?? '');

  // A plain wheel scrolls the page and says how to zoom; with Ctrl held it zooms.
  await page.evaluate(() => window.scrollTo(0, 300));
  const box = (await page.locator('.tl-svg').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  await expect(page.locator('.tl-toolbar__keys--lit')).toHaveText('Ctrl + scroll to zoom');
  await expect(page.locator('.tl-toolbar__touch')).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(300);
  await expect(hint(page)).toHaveText(whole ?? '');
  const moved = (await page.locator('.tl-svg').boundingBox())!;
  await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await expect(hint(page)).not.toHaveText(whole ?? '');
});

test('the timeline page has no axe violations', async ({ page }) => {
  await open(page, 'canonical-race', 9);
  const axe = await new AxeBuilder({ page }).include('.tl').analyze();
  expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);
});

// Pan and zoom are d3-zoom's; these read the time axis as drawn (two axis ticks give the pixels per
// millisecond and the time under any x), so they hold whatever the layout puts where.

interface AxisReading {
  pxPerMs: number;
  /** The time drawn at a page x. */
  timeAt: (pageX: number) => number;
}

async function readAxis(page: Page): Promise<AxisReading> {
  // One evaluate, so the ticks are read from one render.
  const ticks = await page.evaluate(() => {
    const svg = document.querySelector('.tl-svg');
    if (!svg) return [];
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('.tl-axis > g')].map((g) => {
      const x = Number(/translate\(([-\d.e]+)/.exec(g.getAttribute('transform') ?? '')?.[1]);
      const text = (g.textContent ?? '').trim();
      const value = Number(text.replace(/[^\d.-]/g, ''));
      return { pageX: box.left + window.scrollX + x, ms: text.endsWith(' s') ? value * 1000 : value };
    });
  });
  const first = ticks[0];
  const last = ticks.at(-1);
  if (!first || !last || first === last) throw new Error(`the axis has ${ticks.length} ticks`);
  const pxPerMs = (last.pageX - first.pageX) / (last.ms - first.ms);
  return { pxPerMs, timeAt: (pageX) => first.ms + (pageX - first.pageX) / pxPerMs };
}

/** Waits until the axis stops changing (a wheel renders in a transition, a double-click animates). */
async function settledAxis(page: Page, before: AxisReading): Promise<AxisReading> {
  await expect.poll(async () => (await readAxis(page)).pxPerMs, { timeout: 5000 }).not.toBeCloseTo(before.pxPerMs, 6);
  let previous = await readAxis(page);
  for (;;) {
    await page.waitForTimeout(100);
    const now = await readAxis(page);
    if (Math.abs(now.pxPerMs - previous.pxPerMs) < 1e-9 && Math.abs(now.timeAt(0) - previous.timeAt(0)) < 1e-6) {
      return now;
    }
    previous = now;
  }
}

/** A point inside the plot, between lanes: the middle of the svg, `dx` right of it. */
async function plotPoint(page: Page, dx = 0) {
  const box = (await page.locator('.tl-svg').boundingBox())!;
  return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 };
}

async function wheelWith(page: Page, key: 'Control' | 'Meta', deltaY: number) {
  await page.keyboard.down(key);
  await page.mouse.wheel(0, deltaY);
  await page.keyboard.up(key);
}

test('Ctrl + wheel and Cmd + wheel zoom by the same factor, about the pointer', async ({ page }) => {
  await open(page, 'canonical-race', 0);
  const at = await plotPoint(page, 80);
  await page.mouse.move(at.x, at.y);
  const whole = await readAxis(page);

  await wheelWith(page, 'Control', -100);
  const withCtrl = await settledAxis(page, whole);
  const ctrlFactor = withCtrl.pxPerMs / whole.pxPerMs;
  expect(ctrlFactor).toBeCloseTo(2, 2); // one notch: 2x, as a Zoom in press
  expect(withCtrl.timeAt(at.x)).toBeCloseTo(whole.timeAt(at.x), 0);

  await page.getByRole('button', { name: 'Fit' }).click();
  await expect(page.getByRole('button', { name: 'Fit' })).toBeDisabled();
  await page.mouse.move(at.x, at.y);
  await wheelWith(page, 'Meta', -100);
  const withCmd = await settledAxis(page, whole);
  expect(withCmd.pxPerMs / whole.pxPerMs).toBeCloseTo(ctrlFactor, 6);
  expect(withCmd.timeAt(at.x)).toBeCloseTo(whole.timeAt(at.x), 0);

  // The whole run is as far out as it goes: a wheel out there is left to the page (not prevented).
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.evaluate(() => {
    const seen: boolean[] = [];
    Object.assign(window, { wheelsPrevented: seen });
    const record = (e: Event) => setTimeout(() => seen.push(e.defaultPrevented));
    window.addEventListener('wheel', record, { capture: true, passive: true });
  });
  await page.mouse.move(at.x, at.y);
  await wheelWith(page, 'Control', -100);
  await wheelWith(page, 'Control', 100);
  await page.waitForTimeout(400); // past d3-zoom's 150 ms wheel gesture
  await wheelWith(page, 'Control', 100);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { wheelsPrevented: boolean[] }).wheelsPrevented))
    .toEqual([true, true, false]);
  await expect(page.getByRole('button', { name: 'Fit' })).toBeDisabled();
});

test('a gesture starts from the window the buttons set, not from where d3-zoom last was', async ({ page }) => {
  await open(page, 'canonical-race', 9);
  const whole = await readAxis(page);
  await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  const zoomed = await settledAxis(page, whole);
  expect(zoomed.pxPerMs / whole.pxPerMs).toBeCloseTo(2, 6);
  const at = await plotPoint(page);
  await page.mouse.move(at.x, at.y);
  await wheelWith(page, 'Control', -100);
  const further = await settledAxis(page, zoomed);
  expect(further.pxPerMs / whole.pxPerMs).toBeCloseTo(4, 2);
  expect(further.timeAt(at.x)).toBeCloseTo(zoomed.timeAt(at.x), 0);
});

test('after a wheel back out to the whole run, the buttons and Fit, the next wheel starts from the whole run', async ({
  page,
}) => {
  await open(page, 'canonical-race', 9);
  const fitButton = page.getByRole('button', { name: 'Fit' });
  const whole = await readAxis(page);
  const at = await plotPoint(page);
  await page.mouse.move(at.x, at.y);
  await wheelWith(page, 'Control', -100);
  const zoomed = await settledAxis(page, whole);
  await wheelWith(page, 'Control', 100);
  await settledAxis(page, zoomed);
  await expect(fitButton).toBeDisabled(); // the gesture's way back to the whole run
  for (let i = 0; i < 2; i += 1) await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  await fitButton.click();
  await expect(fitButton).toBeDisabled();
  await page.mouse.move(at.x, at.y);
  await wheelWith(page, 'Control', -100);
  const again = await settledAxis(page, whole);
  expect(again.pxPerMs / whole.pxPerMs).toBeCloseTo(2, 2);
});

test('a double-click zooms in 2x about the pointer', async ({ page }) => {
  await open(page, 'canonical-race', 0);
  const at = await plotPoint(page, -120);
  const whole = await readAxis(page);
  await page.mouse.dblclick(at.x, at.y);
  const zoomed = await settledAxis(page, whole);
  expect(zoomed.pxPerMs / whole.pxPerMs).toBeCloseTo(2, 6);
  expect(zoomed.timeAt(at.x)).toBeCloseTo(whole.timeAt(at.x), 0);
});

test('a drag pans, keeping the grabbed time under the pointer, and does not seek', async ({ page }) => {
  await open(page, 'canonical-race', 9);
  const whole = await readAxis(page);
  for (let i = 0; i < 2; i += 1) await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  await expect.poll(async () => (await readAxis(page)).pxPerMs / whole.pxPerMs).toBeCloseTo(4, 6);
  const before = await readAxis(page);
  const step = await page.getByTestId('current-step').textContent();
  const from = await plotPoint(page, 100);
  const grabbedMs = before.timeAt(from.x);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 100, from.y + 10, { steps: 5 });
  await page.mouse.move(from.x - 200, from.y + 20, { steps: 5 });
  await page.mouse.up();
  const after = await settledAxis(page, { ...before, pxPerMs: 0 });
  expect(after.pxPerMs).toBeCloseTo(before.pxPerMs, 6); // panned, not zoomed
  expect(after.timeAt(from.x - 200)).toBeCloseTo(grabbedMs, 0);
  await expect(page.getByTestId('current-step')).toHaveText(step ?? '');
});

test('after a release the page never saw, moving with no button pressed does not pan', async ({ page }) => {
  await open(page, 'canonical-race', 9);
  const whole = await readAxis(page);
  for (let i = 0; i < 2; i += 1) await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  await expect.poll(async () => (await readAxis(page)).pxPerMs / whole.pxPerMs).toBeCloseTo(4, 6);
  const from = await plotPoint(page, 100);
  const before = await readAxis(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 100, from.y, { steps: 4 });
  const dragged = await settledAxis(page, { ...before, pxPerMs: 0 });
  expect(dragged.timeAt(from.x - 100)).toBeCloseTo(before.timeAt(from.x), 0);
  // The button comes up where the page cannot see it: the next moves say no button is pressed.
  const cdp = await page.context().newCDPSession(page);
  for (const dx of [-150, -250, -350]) {
    await cdp.send('Input.dispatchMouseEvent', {
      type: 'mouseMoved',
      x: from.x + dx,
      y: from.y,
      button: 'none',
      buttons: 0,
    });
  }
  await page.waitForTimeout(300);
  const after = await readAxis(page);
  expect(after.timeAt(from.x)).toBeCloseTo(dragged.timeAt(from.x), 3);
  await page.mouse.up();
  // The drag ended cleanly: a new one pans again.
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 100, from.y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await readAxis(page)).timeAt(from.x)).not.toBeCloseTo(after.timeAt(from.x), 0);
});

test('a plain wheel scrolls the page and leaves the timeline as it was', async ({ page }) => {
  await open(page, 'canonical-race', 9);
  await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
  // The harness fits in 800 px: give the page somewhere to scroll to.
  await page.addStyleTag({ content: 'body { min-height: 2000px }' });
  await page.evaluate(() => window.scrollTo(0, 0));
  const before = await readAxis(page);
  const at = await plotPoint(page);
  await page.mouse.move(at.x, at.y);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.locator('.tl-toolbar__keys--lit')).toHaveText('Ctrl + scroll to zoom');
  const after = await readAxis(page);
  expect(after.pxPerMs).toBeCloseTo(before.pxPerMs, 9);
  expect(after.timeAt(at.x) - before.timeAt(at.x)).toBeCloseTo(0, 6);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test("the hint names a touch screen's gestures, not Ctrl and a scroll wheel", async ({ page }) => {
    await open(page, 'canonical-race', 0);
    await expect(page.locator('.tl-toolbar__touch')).toBeVisible();
    await expect(page.locator('.tl-toolbar__touch')).toHaveText(
      'Pinch to zoom, swipe sideways to pan, tap a mark to go to its step.',
    );
    await expect(page.locator('.tl-toolbar__mouse')).toBeHidden();
  });

  test('a two-finger pinch zooms the time axis about the fingers', async ({ page }) => {
    await open(page, 'canonical-race', 0);
    const whole = await readAxis(page);
    const at = await plotPoint(page, 40);
    const cdp = await page.context().newCDPSession(page);
    const fingers = (halfGap: number) => [
      { x: at.x - halfGap, y: at.y, id: 1 },
      { x: at.x + halfGap, y: at.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
    for (const halfGap of [60, 80, 100, 120]) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(halfGap) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const pinched = await settledAxis(page, whole);
    expect(pinched.pxPerMs / whole.pxPerMs).toBeCloseTo(3, 1); // fingers 80 px apart, then 240
    expect(pinched.timeAt(at.x)).toBeCloseTo(whole.timeAt(at.x), 0);
  });
  test('an up-down swipe scrolls the page past the timeline; a sideways one pans the axis', async ({ page }) => {
    await open(page, 'canonical-race', 9);
    await page.addStyleTag({ content: 'body { min-height: 2000px }' });
    await page.getByRole('button', { name: 'Zoom in on the timeline' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (from: { x: number; y: number }, dx: number, dy: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...from, id: 1 }] });
      for (let i = 1; i <= 10; i += 1) {
        const point = { x: from.x + (dx * i) / 10, y: from.y + (dy * i) / 10, id: 1 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    const before = await readAxis(page);
    const at = await plotPoint(page);
    await swipe(at, 20, -240);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const scrolled = await readAxis(page);
    expect(scrolled.pxPerMs).toBeCloseTo(before.pxPerMs, 9);
    expect(scrolled.timeAt(at.x) - before.timeAt(at.x)).toBeCloseTo(0, 6);

    // Let the swipe's fling run out, then come back up.
    await expect
      .poll(async () => {
        const y = await page.evaluate(() => window.scrollY);
        await page.waitForTimeout(200);
        return (await page.evaluate(() => window.scrollY)) - y;
      })
      .toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await swipe(at, -200, 10);
    const panned = await settledAxis(page, { ...before, pxPerMs: 0 });
    expect(panned.timeAt(at.x - 200)).toBeCloseTo(before.timeAt(at.x), 0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
