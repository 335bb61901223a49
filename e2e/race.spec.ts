// The article's canonical race, played and stepped through the UI: Client2's write with 34 is
// accepted at t4, Client1's stale write with 33 is rejected at t6, and max_seen ends at 34.
import { expect, test } from '@playwright/test';
import { clickRowOf, cursorStep, openLab, screenshot, seekToLabel, visibleState } from './helpers';

test('playing the canonical race shows the accept at t4 and the reject at t6', async ({ page }) => {
  await openLab(page);
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('canonical-race');

  // Record every comparison the narration shows while the race plays.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="comparison"] code')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // 8x, the fastest speed that still shows every step (each for its reading time): about 5 s.
  await page.getByRole('slider', { name: /Speed/ }).fill('5');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('position')).toContainText('Step 17 / 17');
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen).toEqual(['34 > 32 -> ACCEPT', '33 <= 34 -> REJECT']);

  await page.keyboard.press('Home');
  await clickRowOf(page, 't4');
  await expect(page.getByTestId('comparison')).toContainText('34 > 32 -> ACCEPT');
  await expect(page.getByTestId('max-seen-Storage')).toHaveText('34');
  await expect(page.locator('.event-table tr.current')).toContainText('ACCEPT');

  await seekToLabel(page, 't6');
  await expect(page.getByTestId('comparison')).toContainText('33 <= 34 -> REJECT');
  await expect(page.getByTestId('max-seen-Storage')).toHaveText('34');
  await expect(page.locator('.event-table tr.current')).toContainText('REJECT');
  await expect(page.getByTestId('verdict')).toContainText('Every safety rule (invariant) held');
  await screenshot(page, 'canonical-race-t6');
});

test('before t4 max_seen is still 32, and Client1 is a zombie while paused', async ({ page }) => {
  await openLab(page);
  await seekToLabel(page, 't3');
  await expect(page.getByTestId('max-seen-Storage')).toHaveText('32');
  const client1 = page.getByRole('article', { name: 'Client1' });
  await expect(client1).toContainText('paused');
  await expect(client1).toContainText('zombie: its lease is over, and it does not know');
});

test('stepping back restores the earlier state exactly', async ({ page }) => {
  await openLab(page);
  await seekToLabel(page, 't3');
  const before = await visibleState(page);
  const at = await cursorStep(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await cursorStep(page)).toBe(at + 3);
  expect(await visibleState(page)).not.toBe(before);
  await page.getByRole('button', { name: 'Step back' }).click();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await cursorStep(page)).toBe(at);
  expect(await visibleState(page)).toBe(before);
});

test('the keyboard drives the transport: space, arrows, Home, End, + and -', async ({ page }) => {
  await openLab(page);
  await page.keyboard.press('End');
  await expect(page.getByTestId('position')).toContainText('Step 17 / 17');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('position')).toContainText('Step 0 / 17');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('position')).toContainText('Step 1 / 17');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(page.locator('.speed output')).toHaveText('4x');
  await page.keyboard.press('-');
  await expect(page.locator('.speed output')).toHaveText('2x');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await cursorStep(page)).toBeGreaterThanOrEqual(1);
});

test('space plays after a click on Apply, and still presses a button reached with Tab', async ({ page }) => {
  await openLab(page);
  await page.getByRole('button', { name: /Apply at/ }).click();
  const yours = page.getByTestId('your-actions');
  await expect(yours.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(yours.getByRole('listitem')).toHaveCount(1); // not applied a second time
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // From the keyboard, space is the button's own: Tab to "Step forward" and press it.
  await page.keyboard.press('Home');
  const forward = page.getByRole('button', { name: 'Step forward' });
  await forward.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(forward).toBeFocused();
  await page.keyboard.press('Space');
  expect(await cursorStep(page)).toBe(1);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});
