// A teacher's own lesson is kept in the browser: imported once, still listed under "My lessons"
// after a reload, opened from there, and removed.
import { expect, test } from '@playwright/test';
import { openLab } from './helpers';

const own = {
  format: 'fencelab.lesson',
  version: 1,
  id: 'our-job-runner',
  title: 'Why our job runner needs a fence',
  summary: 'The race, in two steps.',
  chapters: [
    {
      id: 'race',
      title: 'The race again',
      steps: [
        { run: { preset: 'canonical-race' }, at: 't0', say: 'Client1 gets the lock.' },
        { at: 't6', say: 'And the zombie writes.', ask: { kind: 'write', why: 'Its token is older.' } },
      ],
    },
  ],
};

test('an imported lesson is kept: listed after a reload, opened from My lessons, and removed', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('import-file').setInputFiles({
    name: 'ours.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(own)),
  });
  await expect(page.locator('.lesson')).toHaveAttribute('data-where', 'race/1');
  await page.getByRole('button', { name: 'Leave the lesson' }).click();

  await page.reload();
  await openLab(page);
  const mine = page.locator('.my-lessons');
  await mine.locator('summary').click();
  const open = mine.getByRole('button', { name: own.title, exact: true });
  await expect(open).toBeVisible();
  await open.click();
  await expect(page.locator('.lesson')).toHaveAttribute('data-where', 'race/1');
  await expect(page.getByTestId('lesson-say')).toHaveText('Client1 gets the lock.');
  await page.getByRole('button', { name: 'Leave the lesson' }).click();

  await page.locator('.my-lessons summary').click();
  await page.getByRole('button', { name: `Remove ${own.title} from this browser` }).click();
  await expect(page.locator('.my-lessons')).toHaveCount(0);
  await page.reload();
  await openLab(page);
  await expect(page.locator('.my-lessons')).toHaveCount(0);
});

test('a corrupt kept list is left out with a sentence, and the lab still opens', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('fencelab.myLessons', '{broken'));
  await openLab(page);
  await page.locator('.my-lessons summary').click();
  await expect(page.locator('.my-lessons-problem')).toHaveText(
    'The lessons kept in this browser could not be read, so none is listed.',
  );
});
