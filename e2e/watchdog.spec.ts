// Redis with a watchdog in the lab: its preset opens under its own name, with keepalive on, the
// renewal period a third of its 30 s lock, and clients never told; the period is a knob a person
// can set, and one longer than the lock is explained beside the field and changes nothing.
import { expect, test } from '@playwright/test';
import { openLab, screenshot } from './helpers';

test('the watchdog preset shows its system, its renewal period and its never-told default', async ({ page }) => {
  await openLab(page, '#preset=redis-watchdog-pause');
  await expect(page.locator('.scenario-intro')).toContainText('Redis with a watchdog');
  const picker = page.getByLabel('Lock strategy');
  await expect(picker).toHaveValue('redis-watchdog');
  await expect(picker.locator('option:checked')).toHaveText(/Redis lock with a watchdog \(Redisson\)/);
  const knobs = page.locator('.knobs');
  await expect(knobs.getByLabel('A holder renews its lease while it holds the lock (keepalive)')).toBeChecked();
  const renew = knobs.getByLabel('Renew the lock every (ms)');
  await expect(renew).toHaveValue('10000');
  await expect(knobs.getByLabel('Client1')).toHaveValue('never');
  await screenshot(page, 'watchdog-preset');

  await renew.fill('40000');
  await renew.press('Enter');
  await expect(knobs.locator('.field-problem')).toContainText(
    'A renewal must come before the lock runs out: at most the lease, 30,000 ms.',
  );
  await expect(page.locator('.scenario-intro')).not.toContainText('(changed)');
  await renew.press('Escape');
  await renew.fill('5000');
  await renew.press('Enter');
  await expect(page.locator('.scenario-intro')).toContainText('(changed)');
  await expect(renew).toHaveValue('5000');
});
