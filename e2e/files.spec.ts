// Export and import: the scenario file round-trips; a bad file is refused with a message that
// names the field, and the open scenario stays as it was.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { fileAction, openLab, visibleState } from './helpers';

test('exporting and importing a scenario round-trips it', async ({ page }) => {
  await openLab(page);
  await page.getByLabel('Scenario', { exact: true }).selectOption('slow-network');
  const [download] = await Promise.all([page.waitForEvent('download'), fileAction(page, 'Export scenario')]);
  expect(download.suggestedFilename()).toBe('a-write-delayed-past-the-lease.scenario.json');
  const text = await readFile((await download.path())!, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ format: 'fencelab.scenario', strategy: 'fencing' });

  await page.getByLabel('Scenario', { exact: true }).selectOption('canonical-race');
  await page.getByTestId('import-file').setInputFiles({
    name: 'mine.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(page.locator('.scenario-intro')).toContainText('A write delayed past the lease');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // A preset's file opened again is that preset: the picker names it, and it links in two words.
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('slow-network');
  await expect(page).toHaveURL(/#preset=slow-network&step=0$/);
});

test("a preset's file under another strategy opens as that preset under it, and says so", async ({ page }) => {
  await openLab(page);
  await page.getByLabel('Lock strategy').selectOption('etcd');
  const intro = page.locator('.scenario-intro');
  // Its summary tells of the preset's own strategy's run, and the intro says which that is.
  await expect(intro).toContainText('The canonical race (under etcd lock + revision).');
  // Folded away: beside etcd's verdict, the story of the generic pattern's run read as a contradiction.
  const shipped = intro.locator('details');
  await expect(shipped.locator('summary')).toHaveText('The preset as it ships, under Fencing token (generic pattern)');
  await expect(shipped.getByText(/^Client1 gets token 33/)).toBeHidden();
  await shipped.locator('summary').click();
  await expect(shipped.getByText(/^Client1 gets token 33/)).toBeVisible();
  const picker = page.getByLabel('Scenario', { exact: true });
  // The mark names the strategy; the title's own, in brackets, would contradict it.
  await expect(picker.locator('option:checked')).toHaveText('Under etcd lock + revision: The canonical race');
  const [download] = await Promise.all([page.waitForEvent('download'), fileAction(page, 'Export scenario')]);
  expect(download.suggestedFilename()).toBe('the-canonical-race-etcd.scenario.json');
  const text = await readFile((await download.path())!, 'utf8');

  await page.getByLabel('Scenario', { exact: true }).selectOption('slow-network');
  await page.getByTestId('import-file').setInputFiles({
    name: 'race-etcd.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(intro).toContainText('The canonical race (under etcd lock + revision).');
  await expect(page.getByLabel('Lock strategy')).toHaveValue('etcd');
  await expect(picker.locator('option:checked')).toHaveText(/^Under etcd lock \+ revision: /);
  await expect(page).toHaveURL(/#preset=canonical-race&strategy=etcd&step=0$/);
});

test('exporting the trace gives the trace JSON', async ({ page }) => {
  await openLab(page);
  const [download] = await Promise.all([page.waitForEvent('download'), fileAction(page, 'Export trace')]);
  const trace = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(trace.format).toBe('fencelab.trace');
  expect(trace.steps).toHaveLength(18);
});

test('a bad file is refused with the field named, and nothing changes', async ({ page }) => {
  await openLab(page);
  await page.keyboard.press('End');
  const before = await visibleState(page);
  const bad = { format: 'fencelab.scenario', version: 1, strategy: 'fencing', actions: [{ atMs: 0, type: 'fly' }] };
  await page.getByTestId('import-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  await expect(page.getByRole('alert')).toContainText('bad.json');
  await expect(page.getByRole('alert')).toContainText('actions[0].type');
  expect(await visibleState(page)).toBe(before);

  await page.getByTestId('import-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ not json'),
  });
  await expect(page.getByRole('alert')).toContainText('not valid JSON');
  expect(await visibleState(page)).toBe(before);

  // A picture picked by mistake: said in words, not quoted byte by byte.
  await page.getByTestId('import-file').setInputFiles({
    name: 'diagram.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  });
  await expect(page.getByRole('alert')).toContainText(
    'Could not open the file diagram.png: it is not text (a picture or another binary file?), so it cannot be a scenario. Nothing was changed.',
  );
  expect(await visibleState(page)).toBe(before);
});

test('a renamed and described scenario is exported and shared under its new name', async ({ page, context }) => {
  await openLab(page);
  await page.getByRole('button', { name: 'Rename…' }).click();
  const name = page.getByLabel('Scenario name');
  await expect(name).toBeFocused();
  await name.fill('');
  await page.getByRole('button', { name: 'Save name and description' }).click();
  await expect(page.getByText('A scenario needs a name.')).toBeVisible();

  await name.fill('Zombie write, for the docs');
  // Typed key by key, as a person types: every character stays in the description.
  const description = page.getByLabel(/^Description/);
  // It starts from the paragraph the intro shows, so saving a new name alone keeps what was read.
  await expect(description).toHaveValue(/^Client1 gets token 33 and freezes in a GC pause/);
  await description.fill('');
  await description.pressSequentially('Watch Client1 wake at t5 and write with 33.');
  await expect(description).toBeFocused();
  await page.getByRole('button', { name: 'Save name and description' }).click();
  const intro = page.locator('.scenario-intro');
  await expect(intro).toContainText('Zombie write, for the docs. Watch Client1 wake at t5 and write with 33.');
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Rename…' })).toBeFocused();

  const [download] = await Promise.all([page.waitForEvent('download'), fileAction(page, 'Export scenario')]);
  expect(download.suggestedFilename()).toBe('zombie-write-for-the-docs.scenario.json');
  expect(JSON.parse(await readFile((await download.path())!, 'utf8'))).toMatchObject({
    name: 'Zombie write, for the docs',
    description: 'Watch Client1 wake at t5 and write with 33.',
  });

  await expect(page).toHaveURL(/#s=/);
  const other = await context.newPage();
  await openLab(other, new URL(page.url()).hash);
  await expect(other.locator('.scenario-intro')).toContainText('Zombie write, for the docs.');

  // Cancel and Escape leave the name alone; undo brings the preset back.
  await page.getByRole('button', { name: 'Rename…' }).click();
  await name.fill('Not this');
  await page.keyboard.press('Escape');
  await expect(intro).toContainText('Zombie write, for the docs.');
  await page.getByRole('button', { name: 'Undo last change' }).click();
  await expect(intro).toContainText('The canonical race.');
});

test('the File menu closes once a choice is made, on Escape (back on its button) and on a click elsewhere', async ({
  page,
}) => {
  await openLab(page);
  const menu = page.locator('.file-menu');
  const summary = menu.locator('summary');
  await summary.click();
  await expect(page.getByRole('button', { name: 'Export trace' })).toBeVisible();
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export trace' }).click()]);
  await expect(menu).not.toHaveAttribute('open');

  await summary.click();
  await page.getByRole('button', { name: 'Export scenario' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(summary).toBeFocused();

  await summary.click();
  await page.locator('.scenario-intro').click();
  await expect(menu).not.toHaveAttribute('open');
  await expect(page.getByRole('button', { name: 'Export scenario' })).toBeHidden();

  // From the keyboard: a choice leaves the focus on File, and the other disclosure (Keys) closes
  // when the focus moves on to it.
  await summary.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Export scenario' })).toBeFocused();
  await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(menu).not.toHaveAttribute('open');
  await expect(summary).toBeFocused();
  const keys = page.locator('.keys-help');
  await keys.locator('summary').click();
  await expect(keys).toHaveAttribute('open');
  await summary.focus();
  await expect(keys).not.toHaveAttribute('open');
});
