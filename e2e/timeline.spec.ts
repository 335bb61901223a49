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
  await page.goto(`${harness}?rounds=1200&cursor=5000`);
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
