// The first paint is the view itself, and nothing moves once drawn: not a loading line replaced
// by the view, not the panels drawn just after the first paint, not a scrollbar arriving with
// them. Headless Chromium hides scrollbars unless told not to; a desktop browser shows them, and
// one that appears after the first paint narrows the page (Lighthouse measured 0.11 that way).
import { expect, test } from '@playwright/test';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
  viewport: { width: 1350, height: 940 },
});

test('the first paint is the view itself: nothing moves once drawn, in the lab, a lesson or the embed', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const hash of ['', '#lesson=fencing-tokens', '#embed&preset=canonical-race&step=t6']) {
    await page.goto(`./${hash}`);
    await page.reload();
    await expect(page.getByTestId('narration')).toBeVisible();
    // The panels drawn just after the first paint land below or beside it, moving nothing.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), hash || 'the lab').toBe(0);
  }
});
