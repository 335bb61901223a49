// Shared steps for the lab's end-to-end specs: open the lab, move the cursor through the UI, and
// read what the page shows.
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the lab (optionally at a hash) and waits for the first step to be drawn, and in the lab
 * itself for the panels it draws just after the first paint (layout/Later.tsx), so a test that
 * reads them at once (an option list, a count) reads them drawn. */
export async function openLab(page: Page, hash = ''): Promise<void> {
  await page.goto(`./${hash}`);
  // The page's own view, not the build's first view that the HTML shows before any script runs
  // (the page takes it over, or draws over it, and then it is no longer marked as such).
  await expect(page.locator('.first-view')).toHaveCount(0);
  await expect(page.getByTestId('narration').first()).toBeVisible();
  // `.app` is drawn with the narration, so this tells the lab from a lesson or the embed.
  if ((await page.locator('.app').count()) > 0)
    await expect(page.getByRole('heading', { name: 'Strategy and knobs' })).toBeVisible();
}

/** The cursor's step index, read from the transport bar. */
export async function cursorStep(page: Page): Promise<number> {
  const text = (await page.getByTestId('position').textContent()) ?? '';
  const match = /Step\s*(\d+)/.exec(text);
  if (!match) throw new Error(`no step in "${text}"`);
  return Number(match[1]);
}

/** Moves the cursor to a step with the scrubber. */
export async function scrubTo(page: Page, step: number): Promise<void> {
  await page.getByRole('slider', { name: 'Step' }).fill(String(step));
  await expect(page.getByTestId('position')).toContainText(`Step ${step} /`);
}

/** Seeks to the step that carries one of the article's labels (t0..t6), stepping with the keyboard from the start. */
export async function seekToLabel(page: Page, label: string): Promise<void> {
  // Keys go to the page, not to a form control that still has focus.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Home');
  const last = Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'));
  for (let i = 0; i <= last; i++) {
    if ((await page.locator('.narration .step-label').allTextContents()).includes(label)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`no step is labelled ${label}`);
}

/** Seeks by clicking the step's button in the event table (the row must be rendered). */
export async function clickRowOf(page: Page, label: string): Promise<void> {
  const row = page.getByRole('row').filter({ has: page.locator('.step-label', { hasText: new RegExp(`^${label}$`) }) });
  await row.getByRole('button').click();
  await expect(page.locator('.narration .step-label')).toHaveText(label);
}

/** Everything the page says about the current step: narration, cards, chart summary, table row. */
export async function visibleState(page: Page): Promise<string> {
  // The cards and the table follow the cursor a moment later (deferred rendering): wait for them.
  const step = await cursorStep(page);
  await expect(page.locator(`.cards[data-step="${step}"]`)).toBeVisible();
  await expect(page.locator('.event-table tr.current')).toHaveAttribute('aria-rowindex', String(step + 2));
  const parts = await Promise.all([
    page.locator('.narration').innerText(),
    page.locator('.cards').innerText(),
    page.locator('.verdict').innerText(),
    page.locator('.event-table tr.current').innerText(),
    page.getByTestId('position').innerText(),
  ]);
  return parts.join('\n---\n');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // From the top, so the sticky transport bar sits where a reader first sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export const rects = (locator: Locator): Promise<(Rect & { text: string })[]> =>
  locator.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, text: e.textContent ?? '' };
    }),
  );

/**
 * Scrolls the page past `table` in small steps and checks, at each, that no header cell the page
 * shows is under the transport bar.
 */
export async function expectHeadersNeverUnderTransport(page: Page, table: Locator, headers: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  const start = (await table.evaluate((e) => e.getBoundingClientRect().top + window.scrollY)) - viewport.height / 2;
  const end = await table.evaluate((e) => e.getBoundingClientRect().bottom + window.scrollY);
  let checked = 0;
  for (let y = Math.max(0, start); y < end; y += 40) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const bar = (await page.locator('.transport').boundingBox())!;
    if (bar.y + bar.height <= 0) continue; // scrolled away with its stretch of the page
    for (const header of await rects(headers)) {
      if (header.width < 2 || header.y + header.height <= 0 || header.y >= viewport.height) continue;
      checked += 1;
      expect(intersects(header, bar), `"${header.text}" is under the transport at scrollY ${y}`).toBe(false);
    }
  }
  expect(checked, 'no header was ever on screen with the transport').toBeGreaterThan(0);
}

/** Opens the header's File menu and picks `action` (Export scenario, Export trace, Import…). */
export async function fileAction(page: Page, action: 'Export scenario' | 'Export trace' | 'Import…'): Promise<void> {
  const menu = page.locator('.file-menu');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await page.getByRole('button', { name: action }).click();
}

/** Waits for an embed's view to be drawn whole, its timeline too. */
export async function embedDrawn(page: Page): Promise<void> {
  await expect(page.locator('.tl-svg')).toBeVisible();
}
