// The fifteen-minute lesson given as a teacher gives it: presented on a projector, walked from its
// first part to its end with a clicker's forward key alone, every press counted. It must fit one
// class period: at most 12 parts, 8 questions and 45 presses.
import { expect, test, type Page } from '@playwright/test';

const lessonRoot = (page: Page) => page.locator('.lesson');
const state = async (page: Page) => {
  const root = lessonRoot(page);
  const scroll = await page.locator('.lesson-main').evaluate((m) => Math.round(m.scrollTop));
  return [await root.getAttribute('data-where'), await root.getAttribute('data-phase'), scroll].join(' ');
};

test.describe('the fifteen-minute lesson', () => {
  test('walked with the clicker from start to end: at most 12 parts, 8 questions and 45 presses', async ({ page }) => {
    test.setTimeout(240_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('./');
    // Listed in the lab with its length, and opened from there.
    const door = page.getByRole('button', { name: '15-minute lesson' });
    await expect(door).toHaveAttribute('title', /12 parts · 8 questions · about 15 minutes/);
    await door.click();
    await expect(page.locator('.lesson-length')).toHaveText('(12 parts · 8 questions · about 15 minutes)');
    await page.keyboard.press('p');
    await expect(page.locator('.lesson.presenting')).toBeVisible();

    const parts = new Set<string>();
    const questions = new Set<string>();
    let presses = 0;
    for (;;) {
      // The teacher lets each run play to its stop (a press finishes a long one at once), and the
      // class read the question.
      const playing = await expect(lessonRoot(page))
        .toHaveAttribute('data-playing', 'no', { timeout: 8000 })
        .then(() => false)
        .catch(() => true);
      if (playing) {
        await page.keyboard.press('PageDown');
        presses += 1;
        await expect(lessonRoot(page)).toHaveAttribute('data-playing', 'no');
      }
      const where = (await lessonRoot(page).getAttribute('data-where'))!;
      parts.add(where);
      if ((await lessonRoot(page).getAttribute('data-phase')) === 'asking') {
        questions.add(where);
        await expect(page.locator('.lesson-nav .primary')).toHaveText(/^Show the answer/);
      }
      const before = await state(page);
      await page.keyboard.press('PageDown');
      const moved = await expect
        .poll(() => state(page), { timeout: 3000 })
        .not.toBe(before)
        .then(() => true)
        .catch(() => false);
      // At the end (what the last part shows below the screen scrolled to), a press changes
      // nothing: that one is not counted.
      if (!moved) break;
      presses += 1;
      expect(presses, 'the lesson never came to its end').toBeLessThan(80);
    }
    await expect(page.locator('.lesson-end')).toBeVisible();
    expect(await lessonRoot(page).getAttribute('data-where')).toBe('what-it-does-not-cover/client-checks');

    expect(parts.size).toBe(12);
    expect(questions.size).toBe(8);
    expect(presses).toBeLessThanOrEqual(45);
    console.log(`fencing-in-15: ${parts.size} parts, ${questions.size} questions, ${presses} clicker presses`);
    expect(errors).toEqual([]);
  });
});
