// A run that ends with a client still waiting for the lock says so in the lab (issue 41, item 4):
// Redlock's clock jump carried to etcd, where Client1 keeps its lease and Client2 waits to the end
// with its write never sent.
import { expect, test } from '@playwright/test';
import { openLab } from './helpers';

test('the verdict says who was still waiting when the run ended, and the write it never sent', async ({ page }) => {
  await openLab(page, '#preset=redlock-clock-jump');
  await page.getByLabel('Lock strategy').selectOption('etcd');
  await page.keyboard.press('End');
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toContainText(
    'No stale write got in, but the run ended with Client2 still waiting for the lock, its write X never sent.',
  );
  await expect(page.getByTestId('verdict-ended-waiting')).toHaveText(
    'When the run ended, Client2 was still waiting for the lock, and its write X was never sent.',
  );
});
