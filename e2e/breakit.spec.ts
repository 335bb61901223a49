// Break it: the search for the fewest faults that break a design, run in a worker from the lab's
// Break it tab. Its answer opens as an ordinary run (undoable) and its fencing twin refuses the
// stale write; a stopped search leaves the run on screen as it was.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { cursorStep, fileAction, openLab, screenshot, scrubTo } from './helpers';

async function openBreakIt(page: Page) {
  await page.getByRole('tab', { name: 'Break it' }).click();
  const form = page.getByRole('form', { name: 'Break it' });
  await expect(form).toBeVisible();
  return form;
}

test('the plain lease breaks with one pause at its threshold; under fencing the same faults are refused', async ({
  page,
}) => {
  await openLab(page, '#preset=lease-trust-race');
  const form = await openBreakIt(page);
  await expect(form.getByLabel('Design')).toHaveValue('current');
  await expect(form.getByLabel('pause a client')).toBeChecked();
  await form.getByRole('button', { name: 'Search for a break' }).click();

  const answer = page.getByTestId('breakit-answer');
  await expect(answer).toContainText('broken with 1 fault', { timeout: 30_000 });
  await expect(answer.getByRole('list', { name: 'Thresholds' })).toContainText('is at least 1,286 ms');
  await expect(answer.getByRole('list', { name: 'What happened' }).getByRole('listitem')).not.toHaveCount(0);
  await screenshot(page, 'breakit-answer');

  await answer.getByRole('button', { name: 'Open it on the timeline' }).click();
  await expect(page.locator('.scenario-intro')).toContainText('broken with 1 fault');
  await expect(page.locator('.verdict')).toContainText(/broke|broken|violat/i);
  expect(await cursorStep(page)).toBeGreaterThan(0);
  // Beside the run, with the timeline: why it broke, and its link.
  const why = page.getByRole('region', { name: /^Why it broke/ });
  await expect(why).toBeVisible();
  await expect(page.locator('.tl-svg').first()).toBeInViewport();
  const chain = await answer.getByRole('list', { name: 'What happened' }).getByRole('listitem').allTextContents();
  await expect(why.getByRole('list', { name: 'What happened' }).getByRole('listitem')).toHaveText(chain);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await why.getByRole('button', { name: 'Copy link' }).click();
  await expect(why.getByRole('status')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#s=[\w-]+&step=\d+/);
  await screenshot(page, 'breakit-why');
  const copied = await page.context().newPage();
  await copied.goto(link);
  await expect(copied.locator('.verdict')).toContainText(/broke|broken|violat/i);
  expect(await cursorStep(copied)).toBe(await cursorStep(page));
  await copied.close();

  await answer.getByRole('button', { name: 'Try the same faults under fencing' }).click();
  await expect(page.locator('.scenario-intro')).toContainText('under fencing');
  await expect(page.getByTestId('narration').first()).toContainText(/reject/i);
  await expect(why).toHaveCount(0);

  // Each opening was one change: undo goes back to the break, then to the preset.
  await page.getByRole('button', { name: 'Undo last change' }).click();
  await expect(page.locator('.scenario-intro')).not.toContainText('under fencing');
  await expect(page.locator('.scenario-intro')).toContainText('broken with 1 fault');
  await expect(why).toBeVisible();
});

test('a stopped search leaves the run on screen as it was', async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=t4');
  const before = (await page.getByTestId('position').textContent()) ?? '';
  const intro = (await page.locator('.scenario-intro').textContent()) ?? '';
  const form = await openBreakIt(page);
  for (const words of ['hold up a client’s write to the store', 'step a client’s clock', 'crash the store'])
    await form.getByLabel(words).check();
  await form.getByLabel('At most').selectOption('3');
  await form.getByRole('button', { name: 'Search for a break' }).click();
  const progress = page.getByTestId('breakit-progress');
  await expect(progress).toContainText('schedules tried');
  await form.getByRole('button', { name: 'Stop' }).click();
  await expect(progress).toContainText('Stopped after');
  await expect(page.getByTestId('breakit-answer')).toHaveCount(0);
  await expect(page.getByTestId('position')).toHaveText(before);
  await expect(page.locator('.scenario-intro')).toHaveText(intro);
  await expect(form.getByRole('button', { name: 'Search for a break' })).toBeEnabled();
});

test('a learner breaks a plain lease with a pause of their own; the lab shows the shortest break beside theirs', async ({
  page,
}) => {
  // The plain lease's race with no fault: the preset's file with its pause taken out, opened.
  await openLab(page, '#preset=lease-trust-race');
  const [download] = await Promise.all([page.waitForEvent('download'), fileAction(page, 'Export scenario')]);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { actions: { type: string }[] };
  file.actions = file.actions.filter((a) => a.type !== 'pause');
  await page.getByTestId('import-file').setInputFiles({
    name: 'no-fault.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toContainText('Every safety rule (invariant) held');
  const shortest = page.getByRole('region', { name: 'The shortest way to break this design' });
  await expect(shortest).toHaveCount(0);

  // Their fault: Client1 freezes just after its grant, before its write leaves.
  await scrubTo(page, 2);
  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Pause a client (GC pause)' });
  await page.getByLabel('Client', { exact: true }).selectOption('Client1');
  await page.getByLabel(/For \(ms/).fill('2500');
  await page.getByRole('button', { name: /Apply at/ }).click();
  await expect(verdict).not.toContainText('Every safety rule (invariant) held');

  await expect(shortest).toContainText('With your fault, this run breaks a rule.');
  await shortest.getByRole('button', { name: 'The shortest way to break this design' }).click();
  const answer = shortest.getByTestId('breakit-answer');
  await expect(answer).toContainText('The machine’s shortest: broken with 1 fault', { timeout: 30_000 });
  await expect(answer.getByRole('list', { name: 'Thresholds' })).toContainText('is at least 1,286 ms');
  await expect(shortest.getByRole('list', { name: 'The actions you added' })).toContainText(
    'Client1 pauses for 2500 ms',
  );
  await screenshot(page, 'breakit-learner');
});
