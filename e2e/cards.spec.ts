// What a newcomer reads in the party cards, the narration's comparison and the verdict for the
// real systems' presets: the legitimate holder is never called a zombie, no sentence has a blank
// where a time would go, fields have names in words, a stale write that got in looks like danger,
// and the verdict names what broke.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openLab, screenshot, scrubTo, seekToLabel } from './helpers';

async function openPreset(page: Page, id: string): Promise<void> {
  await openLab(page);
  await page.getByLabel('Scenario', { exact: true }).selectOption(id);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('HDFS epochs: the new writer is no zombie, and its card speaks of epochs, not leases', async ({ page }) => {
  await openPreset(page, 'qjm-race');
  const last = Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'));
  await page.keyboard.press('Home');
  for (let step = 0; step <= last; step++) {
    if ((await page.getByTestId('narration').textContent()) === 'Client2 is the writer with epoch 34.') break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(page.getByTestId('narration')).toHaveText('Client2 is the writer with epoch 34.');
  const client2 = page.getByRole('article', { name: 'Client2 (NameNode)' });
  await expect(client2).toContainText('is the writer with epoch 34 until a newer epoch is promised');
  await expect(client2).toContainText('Journal nodes');
  await expect(client2).not.toContainText('zombie', { ignoreCase: true });
  await expect(client2).not.toContainText('until —');
  const client1 = page.getByRole('article', { name: 'Client1 (NameNode)' });
  await expect(client1).toContainText('zombie: a newer epoch was promised, and it does not know');
  await screenshot(page, 'qjm-race-client2-writer');
});

for (const id of ['redlock-race', 'zookeeper-race', 'etcd-race', 'chubby-race', 'qjm-race']) {
  test(`${id}: card fields have names in words and every sentence has its time`, async ({ page }) => {
    await openPreset(page, id);
    const last = Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'));
    for (const step of [Math.floor(last / 3), last - 4]) {
      await scrubTo(page, step);
      const cards = page.locator(`.cards[data-step="${step}"]`);
      await expect(cards).toBeVisible();
      await expect(cards).not.toContainText('until —');
      const labels = await cards.locator('.fields dt').allTextContents();
      expect(labels.filter((label) => /[a-z][A-Z]|Ms\b/.test(label))).toEqual([]);
    }
    await screenshot(page, `${id}-cards`);
  });
}

test("a zombie's write that got in is shown as danger, with a '!' rather than a tick", async ({ page }) => {
  await openPreset(page, 'pitfall-less-than');
  await seekToLabel(page, 't6');
  const chip = page.getByTestId('comparison');
  await expect(chip).toContainText('33 >= 33 -> ACCEPT');
  await expect(chip).toHaveClass(/verdict-stale-accepted/);
  await expect(chip.locator('.comparison-glyph')).toHaveText('!');
  await expect(chip).toContainText("a stale holder's write got in");
  const result = await new AxeBuilder({ page }).include('.narration').analyze();
  expect(result.violations, JSON.stringify(result.violations, null, 2)).toEqual([]);
  await screenshot(page, 'pitfall-less-than-t6-stale-accept');
});

test('the verdict names broken invariants in words and says when no token was issued', async ({ page }) => {
  await openPreset(page, 'redlock-clock-jump');
  await expect(page.locator('.violations')).toContainText('the rule One holder at a time broke:');
  await expect(page.locator('.violations')).not.toContainText('one-grant-at-a-time');
  await page.getByLabel('Scenario', { exact: true }).selectOption('lease-trust-race');
  await expect(page.locator('.verdict-facts')).toContainText(
    'Tokens issued: none. The lock was granted as 2 plain leases, which carry no token for a store to check.',
  );
  await expect(page.locator('.verdict-facts')).not.toContainText('not strictly increasing');
});
