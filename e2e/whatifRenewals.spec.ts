// Issue 41 in the what-if form: the cut that a never-told holder does not notice is answered as
// unsafe, never "safe"; a watchdog's renewals are drawn on the holder's lane, lost ones apart; and
// the form and its answer stay usable on a small laptop screen at 1.5x.
import { expect, test, type Page } from '@playwright/test';
import { openLab, screenshot } from './helpers';

async function openWhatIf(page: Page) {
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.locator('summary', { hasText: 'Ask a what-if' }).click();
  return page.getByRole('form', { name: 'Ask a what-if' });
}

/** The question: Client1 cut off from the lock server for 40 s, a 30 s lease, Client2 at 5 s, never told. */
async function askTheCut(page: Page) {
  const form = await openWhatIf(page);
  await form.getByLabel('What goes wrong').selectOption('partition');
  await form.getByLabel('How long Client1 is cut off (seconds)').fill('40');
  await form.getByLabel('How long a lease lasts (seconds)').fill('30');
  await form.getByLabel('When Client2 asks for the lock (seconds)').fill('5');
  await form.getByLabel('When Client1 stops acting on the lock').selectOption('never');
  await form.getByLabel('Lock design to open in the timeline').selectOption('lease-trust');
  await form.getByRole('button', { name: 'Run this what-if' }).click();
  await expect(form.getByRole('status')).toContainText('Loaded.', { timeout: 60_000 });
  return form;
}

test('a 40 s cut from the lock server that the application is never told of is not called safe', async ({ page }) => {
  await openLab(page);
  const form = await askTheCut(page);
  const answer = form.getByRole('status');
  await expect(answer).toContainText(/^Unsafe under /);
  await expect(answer).not.toContainText(/\bSafe\b/);
  await expect(page.getByTestId('verdict')).not.toContainText('Every safety rule');
  await expect(page.locator('.scenario-intro')).toContainText('Client1 is cut off from the lock service for 40 s');
});

test("a watchdog's renewals are drawn on the holder's lane, and lost ones apart, with both in the key", async ({
  page,
}) => {
  await openLab(page);
  const form = await openWhatIf(page);
  await form.getByLabel('What goes wrong').selectOption('partition');
  await form.getByLabel('How long Client1 is cut off (seconds)').fill('40');
  await form.getByLabel('How long a lease lasts (seconds)').fill('30');
  await form.getByLabel('When Client2 asks for the lock (seconds)').fill('5');
  await form.getByLabel('When Client1 stops acting on the lock').selectOption('never');
  await form.getByLabel('Lock design to open in the timeline').selectOption('redis-watchdog');
  await form.getByRole('button', { name: 'Run this what-if' }).click();
  await expect(form.getByRole('status')).toContainText('Loaded.', { timeout: 60_000 });

  const timeline = page.locator('svg.tl-svg').first();
  await expect(timeline.locator('.tl-renewal:not(.tl-renewal--lost)').first()).toBeAttached();
  await expect(timeline.locator('.tl-renewal--lost').first()).toBeAttached();
  const legend = page.getByRole('list', { name: 'Legend' });
  await expect(legend).toContainText('renewal sent');
  await expect(legend).toContainText('renewal lost');
  await screenshot(page, 'whatif-watchdog-renewals');
});

test('on a 853x480 screen at 1.5x the what-if form and its answer are usable', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 });
  const page = await context.newPage();
  await openLab(page);
  const form = await askTheCut(page);
  const run = form.getByRole('button', { name: 'Run this what-if' });
  await run.scrollIntoViewIfNeeded();
  await expect(run).toBeVisible();
  const answer = form.getByRole('status');
  await answer.scrollIntoViewIfNeeded();
  await expect(answer).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const field of await form.locator('input:not([type=checkbox]), select, button').all()) {
    const box = (await field.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(853);
    expect(box.height).toBeGreaterThanOrEqual(20);
  }
  await page.screenshot({ path: 'test-results/whatif-853x480@1.5.png' });
  await context.close();
});
