// A store fenced at takeover and the equality check in the lab: the Temporal preset opens with the
// box ticked and its stale write refused; the box and the "equal" check change the run a person
// sees, and neither is offered under a system that cannot use it.
import { expect, test, type Page } from '@playwright/test';
import { openLab, screenshot } from './helpers';

const BOX = 'A new holder gives the store its token as soon as it takes the lock';

/** The whole run in the event table: the cursor at the last step first, so every row is shown. */
async function wholeRun(page: Page): Promise<string> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('End');
  return page.locator('.event-table').innerText();
}

test('the fence at takeover is a checkbox that changes the run, offered only where it can work', async ({ page }) => {
  await openLab(page, '#preset=temporal-shard-takeover');
  const knobs = page.locator('.knobs');
  const box = knobs.getByLabel(BOX);
  await expect(box).toBeChecked();
  await expect(knobs).toContainText('a stale write that arrives before the new holder’s first write is refused');
  expect(await wholeRun(page)).toContain('fenced by Client2 with 34');
  await screenshot(page, 'takeover-preset');

  await box.uncheck();
  await expect(page.locator('.scenario-intro')).toContainText('(changed)');
  await expect(box).not.toBeChecked();
  expect(await wholeRun(page)).not.toContain('fenced by');

  await page.getByLabel('Lock strategy').selectOption('zookeeper');
  await expect(knobs.getByLabel(BOX)).toHaveCount(0);
});

test('the equality check is offered under the generic lock service and refuses the zombie by equality', async ({
  page,
}) => {
  await openLab(page, '#preset=canonical-race');
  const knobs = page.locator('.knobs');
  await knobs.getByLabel('Resource check').selectOption('equal');
  await expect(page.locator('.scenario-intro')).toContainText('(changed)');
  await expect(knobs.getByLabel(BOX)).toBeChecked();
  await expect(knobs.getByLabel(BOX)).toBeDisabled();
  await expect(knobs).toContainText('The equality check needs it');
  expect(await wholeRun(page)).toMatch(/write\(Storage, 33, Y\) 33 != 34\s+33\s+✕ REJECT/);
  await screenshot(page, 'takeover-equal');
});
