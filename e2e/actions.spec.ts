// Adding timed actions from the UI: each becomes a timed action at the cursor, the trace after it
// changes, and removing it brings the original run back.
import { expect, test } from '@playwright/test';
import { openLab, screenshot, scrubTo, seekToLabel } from './helpers';

test('expiring the lease right after the grant changes the trace, and undo restores it', async ({ page }) => {
  await openLab(page);
  const rowsBefore = await page.locator('.event-table').getAttribute('aria-rowcount');
  await scrubTo(page, 2); // Client1 has just received token 33
  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Expire the lease now' });
  await page.getByRole('button', { name: /Apply at 14 ms/ }).click();

  const yours = page.getByTestId('your-actions');
  await expect(yours).toContainText('The lock service expires the lease now');
  await expect(page.getByTestId('position')).toContainText('Step 2 /');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('narration')).toContainText('The lease of Client1 (token 33) is over');
  await expect(page.locator('.event-table tr.current')).toContainText('14 ms');

  await yours.getByRole('button', { name: /Remove: The lock service expires the lease now/ }).click();
  await expect(yours).toHaveCount(0);
  await expect(page.locator('.event-table')).toHaveAttribute('aria-rowcount', rowsBefore!);
  await expect(page.getByTestId('position')).toContainText('Step 2 /');
});

test('pausing Client2 as it is granted the lock lets the zombie write first', async ({ page }) => {
  await openLab(page);
  await seekToLabel(page, 't3');
  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Pause a client (GC pause)' });
  await page.getByLabel('Client', { exact: true }).selectOption('Client2');
  await page.getByLabel(/For \(ms/).fill('2000');
  await page.getByRole('button', { name: /Apply at/ }).click();

  await expect(page.getByTestId('your-actions')).toContainText('Client2 pauses for 2000 ms');
  await expect(page.getByTestId('verdict')).toContainText("A stale holder's write got in (Client1 at Storage)");
  // The trace after the fork changed: Client1's write with 33 is now accepted.
  await page.getByRole('button', { name: /first at step/ }).click();
  await expect(page.getByTestId('comparison')).toContainText('33 > 32 -> ACCEPT');
  await screenshot(page, 'action-pause-client2');
});

test('other kinds of action are offered for the parties of the run', async ({ page }) => {
  await openLab(page);
  const kinds = await page.getByLabel('What happens', { exact: true }).locator('option').allTextContents();
  for (const expected of [
    'Pause a client (GC pause)',
    'Resume a client',
    'Expire the lease now',
    'Make a client write now',
    'Crash a server (lock service or store)',
    'Restart a server',
    'Cut the network between two parties',
    'Heal the network between two parties',
    'Delay the next message',
    "Jump a party's clock",
  ])
    expect(kinds).toContain(expected);

  await seekToLabel(page, 't4');
  await page
    .getByLabel('What happens', { exact: true })
    .selectOption({ label: 'Crash a server (lock service or store)' });
  await page.getByLabel('Server').selectOption('Storage');
  await page.getByRole('button', { name: /Apply at/ }).click();
  await expect(page.getByTestId('your-actions')).toContainText('Storage crashes');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('article', { name: 'Storage' })).toContainText('down');

  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Delay the next message' });
  await page.getByLabel('Extra delay (ms)').fill('');
  await expect(page.getByRole('button', { name: /Apply at/ })).toBeDisabled();
  await expect(page.getByText('Enter a whole number of milliseconds.')).toBeVisible();

  // Letters in an optional duration are a mistake to point out, not "until resumed".
  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Pause a client (GC pause)' });
  await page.getByLabel('For (ms, empty = until resumed)').fill('abc');
  await expect(page.getByRole('button', { name: /Apply at/ })).toBeDisabled();
  await expect(page.getByText('Enter a whole number of milliseconds.')).toBeVisible();
});

test('changing the strategy keeps the cursor at the same time', async ({ page }) => {
  await openLab(page);
  await seekToLabel(page, 't4');
  await page.getByLabel('Lock strategy').selectOption({ label: 'Lease + trust the client' });
  await expect(page.locator('.narration-where')).toContainText('1307 ms');
  await page.keyboard.press('End');
  await expect(page.getByTestId('verdict')).toContainText('broken');

  await page.getByLabel('Lock strategy').selectOption({ label: 'Fencing token (generic pattern)' });
  await page.getByLabel('Resource check').selectOption('reject-lt');
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect(page.getByLabel('Scenario', { exact: true })).toContainText('Changed: ');
});

test('a changed run says so, and undo or the preset button takes it back', async ({ page }) => {
  await openLab(page);
  await seekToLabel(page, 't1');
  const before = await page.getByTestId('verdict').innerText();
  await expect(page.getByRole('button', { name: 'Undo last change' })).toHaveCount(0);

  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Make a client write now' });
  await page.getByLabel('Client', { exact: true }).selectOption('Client1');
  await page.getByRole('button', { name: /Apply at/ }).click();
  await expect(page.locator('.scenario-intro')).toContainText('(changed)');
  await expect(page.getByLabel('Scenario', { exact: true })).toContainText('Changed: ');
  // The timeline marks where the user added an action, and the legend says what the mark is.
  await expect(page.locator('.tl-action title')).toHaveText(/Your action at \d+ ms: Client1 writes/);
  await expect(page.locator('.tl-legend')).toContainText('your action');

  await page.getByRole('button', { name: 'Undo last change' }).click();
  await expect(page.locator('.scenario-intro')).not.toContainText('(changed)');
  await expect(page.getByTestId('your-actions')).toHaveCount(0);
  expect(await page.getByTestId('verdict').innerText()).toBe(before);
  // Undone by mistake: Redo puts the action back, and undo takes it away again.
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.locator('.scenario-intro')).toContainText('(changed)');
  await expect(page.locator('.tl-action title')).toHaveText(/Your action at \d+ ms: Client1 writes/);
  await page.getByRole('button', { name: 'Undo last change' }).click();
  await expect(page.getByTestId('your-actions')).toHaveCount(0);

  // A preset chosen by mistake is one undo away (Ctrl+Z), as is an added action.
  await page.getByLabel('Scenario', { exact: true }).selectOption('redlock-race');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('canonical-race');
  await page.keyboard.press('Control+y');
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('redlock-race');
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('canonical-race');
  // A new change after an undo leaves nothing to redo.
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();

  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Expire the lease now' });
  await page.getByRole('button', { name: /Apply at/ }).click();
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
  await page.getByRole('button', { name: 'Back to the preset as it ships' }).click();
  await expect(page.locator('.scenario-intro')).not.toContainText('(changed)');
  expect(await page.getByTestId('verdict').innerText()).toBe(before);
});

test('a lease length the lab cannot take is explained beside the field and changes nothing', async ({ page }) => {
  await openLab(page);
  const field = page.getByLabel('Lease length (ms)');
  const before = await field.inputValue();
  for (const bad of ['0', '1.5', '-5', '99999999999']) {
    await field.fill(bad);
    await field.press('Enter');
    await expect(page.locator('.knobs .field-problem')).toContainText('Enter a whole number from 1 to 3,600,000.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.scenario-intro')).not.toContainText('(changed)');
  }
  await field.press('Escape');
  await expect(field).toHaveValue(before);
  await expect(page.locator('.knobs .field-problem')).toHaveCount(0);
  await field.fill('900');
  await field.press('Enter');
  await expect(page.locator('.scenario-intro')).toContainText('(changed)');
});

test('expiring the lease when no one holds one says it would change nothing, and cannot be applied', async ({
  page,
}) => {
  await openLab(page);
  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Expire the lease now' });
  await expect(page.getByRole('note')).toContainText('no lease to expire');
  // Applied, it would only add a step that does nothing to the scenario (found by an engineer).
  const apply = page.getByRole('button', { name: /^Apply at/ });
  await expect(apply).toBeDisabled();
  await seekToLabel(page, 't1');
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(apply).toBeEnabled();
});

test('a real system offers only the knob values it models', async ({ page }) => {
  await openLab(page);
  await page.getByLabel('Lock strategy').selectOption({ label: 'Redlock (Redis multi-master)' });
  const source = page.getByLabel('Token source');
  await expect(source).toBeDisabled();
  await expect(source.locator('option')).toHaveText(['Random value (UUID-like) (default)']);
  await expect(page.getByLabel('Resource check').locator('option')).toHaveCount(2);
  await page.getByLabel('Resource check').selectOption('reject-le');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
