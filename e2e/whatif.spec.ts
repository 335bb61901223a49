// The what-if an engineer asks, from the form above the comparison table, and a timed action
// edited in place: each changes the run as one undoable step, and the views follow.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { scenarioFor, validateRecording } from '../src/engine/surfaces/recorded';
import { openLab, screenshot } from './helpers';

async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations, JSON.stringify(result.violations, null, 2)).toEqual([]);
}

async function openWhatIf(page: Page) {
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.locator('summary', { hasText: 'Ask a what-if' }).click();
  return page.getByRole('form', { name: 'Ask a what-if' });
}

test('a 30 s pause with a 10 s lease, asked in the form: fencing blocks the stale write, a plain lease does not', async ({
  page,
}) => {
  await openLab(page);
  const form = await openWhatIf(page);
  await form.getByLabel('What goes wrong').selectOption({ label: 'Client1 freezes (a GC pause)' });
  await form.getByLabel('How long Client1 freezes (seconds)').fill('30');
  await form.getByLabel('How long a lease lasts (seconds)').fill('10');
  await form.getByLabel('When Client2 asks for the lock (seconds)').fill('11');
  await expect(form).toContainText('Will run: Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s.');
  await form.getByRole('button', { name: 'Run this what-if' }).click();

  await expect(form.getByRole('status')).toContainText('Loaded.');
  await expect(page.locator('.scenario-intro')).toContainText(
    'Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s.',
  );
  const table = page.locator('.compare-table');
  await expect(table.locator('caption')).toContainText('Client1 pauses for 30 s with a 10 s lease');
  const fencing = table.getByRole('row', { name: /Fencing token/ });
  await expect(fencing.locator('td').nth(1)).toHaveText(/Yes/);
  await expect(fencing).toContainText("Storage rejected Client1's stale write Y: 33 <= 34 -> REJECT.");
  const plain = table.getByRole('row', { name: /Lease \+ trust/ });
  await expect(plain.locator('td').nth(1)).toHaveText(/No/);
  await expect(plain).toContainText("Storage accepted Client1's stale write Y");
  // No real server was recorded running this what-if: no row claims its model was checked on it.
  await expect(table.getByText('model checked against a real server')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'whatif-pause-30s');

  // Loading it was one change: undo brings back the race that was open.
  await page.getByRole('button', { name: 'Undo last change' }).click();
  await expect(page.locator('.scenario-intro')).toContainText('The canonical race');
  await expect(table.locator('caption')).toContainText('The canonical race');
});

test("a recording's own run, opened in the lab, is the one row the comparison says a real server checked", async ({
  page,
}) => {
  const validated = validateRecording(JSON.parse(await readFile('public/recordings/etcd-race.json', 'utf8')));
  if (!validated.ok) throw new Error(validated.message);
  await openLab(page);
  await page.getByTestId('import-file').setInputFiles({
    name: 'etcd-race.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenarioFor(validated.recording))),
  });
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  const table = page.locator('.compare-table');
  const badges = table.getByRole('link', { name: 'model checked against a real server' });
  await expect(table.getByRole('row', { name: /^etcd/ }).getByRole('link', { name: /real server/ })).toHaveAttribute(
    'href',
    '#recording=etcd-race',
  );
  await expect(badges).toHaveCount(1);
});

test('a what-if the lab cannot run is said beside its field and loads nothing', async ({ page }) => {
  await openLab(page);
  const form = await openWhatIf(page);
  const lease = form.getByLabel('How long a lease lasts (seconds)');
  await lease.fill('0');
  await form.getByRole('button', { name: 'Run this what-if' }).click();
  await expect(form).toContainText('The lease must be more than 0 s (got 0 s).');
  await expect(lease).toHaveAttribute('aria-invalid', 'true');
  await expect(lease).toBeFocused();
  await expect(page.getByRole('button', { name: 'Undo last change' })).toHaveCount(0);
});

test("editing a pause's length in the timed actions changes the run, and undo puts it back", async ({ page }) => {
  await openLab(page);
  const verdict = page.locator('.verdict');
  await expect(verdict).toContainText('Stale writes rejected: 1');
  const before = await verdict.innerText();

  await page.getByRole('button', { name: 'Edit: Client1 pauses for 2500 ms at 100 ms' }).click();
  const form = page.getByRole('form', { name: 'Edit: Client1 pauses for 2500 ms at 100 ms' });
  await expect(form.getByLabel('Time (ms)')).toBeFocused();
  await expect(form.getByLabel('Client', { exact: true })).toHaveValue('Client1');
  await expectNoAxeViolations(page);
  await form.getByLabel('For (ms, empty = until resumed)').fill('500');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(form).toHaveCount(0);
  const list = page.locator('.action-list');
  await expect(list).toContainText('Client1 pauses for 500 ms');
  await expect(list).not.toContainText('Client1 pauses for 2500 ms');
  // Client1 now wakes at 600 ms, inside its 1 s lease: its write with 33 is its own, accepted.
  await expect(verdict).toContainText('Stale writes rejected: 0; accepted: 0');
  const writeY = page.locator('.event-table tr', { hasText: 'Client1 write(Storage, 33, Y)' });
  await expect(writeY).toContainText('33 > 32');
  await expect(writeY).toContainText('ACCEPT');
  await expect(page.getByRole('button', { name: 'Edit: Client1 pauses for 500 ms at 100 ms' })).toBeFocused();
  await screenshot(page, 'edit-pause-500ms');

  // The comparison says it runs the race as changed, not the preset its name is still that of.
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  const caption = page.locator('.compare-table caption');
  await expect(caption).toHaveText('“The canonical race”, as you changed it, run under every strategy.');

  await page.getByRole('button', { name: 'Undo last change' }).click();
  await expect(list).toContainText('Client1 pauses for 2500 ms');
  await expect.poll(() => verdict.innerText()).toBe(before);
  await expect(caption).toHaveText('“The canonical race” run under every strategy.');
});

test('an edit can be cancelled from the keyboard, and changes nothing', async ({ page }) => {
  await openLab(page);
  const edit = page.getByRole('button', { name: 'Edit: Client2 writes X at 1300 ms' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Edit: Client2 writes X at 1300 ms' });
  await page.keyboard.type('9'); // into the time field, which has the focus
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(page.getByRole('button', { name: 'Undo last change' })).toHaveCount(0);
});

test('on a phone the open form and an edit form fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page);
  const form = await openWhatIf(page);
  await expect(form.getByRole('button', { name: 'Run this what-if' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit: Client1 pauses for 2500 ms at 100 ms' }).click();
  await expect(page.getByRole('form', { name: /^Edit: Client1 pauses/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const input of await form.locator('input, select').all()) {
    const box = (await input.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await screenshot(page, 'whatif-phone');
});
