// The event table follows the cursor inside its own scroll box, and leaves a reader's own
// scrolling alone until the cursor moves again.
import { expect, test, type Page } from '@playwright/test';
import { expectHeadersNeverUnderTransport, openLab } from './helpers';

/** Whether the current row lies wholly inside the table's scroll box (below its sticky header). */
async function currentRowInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const box = document.querySelector('.event-table-box')!.getBoundingClientRect();
    const header = document.querySelector('.event-table thead')!.getBoundingClientRect();
    const row = document.querySelector('.event-table tr.current')?.getBoundingClientRect();
    return row !== undefined && row.top >= header.bottom - 1 && row.bottom <= box.bottom + 1;
  });
}

test('the table keeps the current row in view and leaves a manual scroll alone', async ({ page }) => {
  await openLab(page, '#preset=redlock-race');
  const last = Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'));
  expect(last).toBeGreaterThan(20);
  const box = page.locator('.event-table-box');

  await page.keyboard.press('End');
  await expect(page.locator('.event-table tr.current')).toHaveAttribute('aria-rowindex', String(last + 2));
  expect(await currentRowInView(page)).toBe(true);
  const scrolledForEnd = await box.evaluate((b) => b.scrollTop);
  expect(scrolledForEnd).toBeGreaterThan(0);

  // A reader scrolls back to the top: the first rows are drawn, and the box stays there.
  await box.hover();
  await page.mouse.wheel(0, -100_000);
  await expect(page.locator('.event-table tr[aria-rowindex="2"]')).toBeVisible();
  await page.waitForTimeout(400);
  expect(await box.evaluate((b) => b.scrollTop)).toBe(0);
  expect(await currentRowInView(page)).toBe(false);

  // The next move of the cursor brings its row back into view.
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('.event-table tr.current')).toHaveAttribute('aria-rowindex', String(last + 1));
  expect(await currentRowInView(page)).toBe(true);

  // A jump to the start scrolls the box back to the top.
  await page.keyboard.press('Home');
  await expect(page.locator('.event-table tr.current')).toHaveAttribute('aria-rowindex', '2');
  expect(await currentRowInView(page)).toBe(true);
});

test('the table is one stop for Tab: the current row, then on to the rest of the page', async ({ page }) => {
  await openLab(page, '#preset=redlock-race&step=12');
  await page.locator('.event-table tr.current .row-seek').focus();
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => document.activeElement?.className ?? '');
  expect(next).not.toContain('row-seek');
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('.event-table tr.current .row-seek')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('.event-table-box')).toBeFocused();
});

// Two columns too (a laptop, a projector): the transport lets go where the tables begin.
for (const viewport of [
  { width: 1000, height: 700 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}x${viewport.height} no table header row is ever under the transport`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openLab(page, '#preset=canonical-race&step=t6');
    await expectHeadersNeverUnderTransport(page, page.locator('.event-table-box'), page.locator('.event-table th'));
    await page.getByRole('tab', { name: 'Compare strategies' }).click();
    await expect(page.locator('.compare-table tr.waiting')).toHaveCount(0);
    await expectHeadersNeverUnderTransport(page, page.locator('.compare-table'), page.locator('.compare-table th'));
  });
}
