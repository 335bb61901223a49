// The walkthrough as a teacher runs it: every chapter walked with a clicker's keys in presenter
// mode, every question answered rightly and then wrongly with the reveal checked, a take-over into
// the lab and back, deep links, the blank key, and no axe violations. It saves a screenshot of each
// chapter's decisive step as a projector shows it (1280x720 at 150 % zoom: 853x480 CSS pixels).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STRATEGY_IDS } from '../src/engine/core/defaults';
import { createSimulator, type ResolvedStep } from '../src/engine/index';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { LESSONS, validateLesson } from '../src/engine/surfaces/lessons';
import { cursorStep, intersects, openLab, rects } from './helpers';

const checked = validateLesson(LESSONS[0], createSimulator(ALL_MODELS));
if (!checked.ok) throw new Error(checked.error);
const { lesson, chapters } = checked;
const PROJECTOR = { width: 853, height: 480 };

const lessonRoot = (page: Page) => page.locator('.lesson');

/** Waits until the lesson is at `chapter/step` and its run has stopped playing. */
async function settled(page: Page, chapter: string, step: string, phase?: string): Promise<void> {
  await expect(lessonRoot(page)).toHaveAttribute('data-where', `${chapter}/${step}`);
  await expect(lessonRoot(page)).toHaveAttribute('data-playing', 'no');
  if (phase) await expect(lessonRoot(page)).toHaveAttribute('data-phase', phase);
}

/**
 * The clicker's forward key until the lesson leaves its step: presenting, a press first scrolls to
 * what the step shows below the screen (its code, the comparison), then moves on.
 */
async function forward(page: Page): Promise<number> {
  const where = (await lessonRoot(page).getAttribute('data-where'))!;
  for (let scrolls = 0; scrolls < 8; scrolls++) {
    const top = await page.locator('.lesson-main').evaluate((m) => m.scrollTop);
    await page.keyboard.press('PageDown');
    await expect
      .poll(async () =>
        (await lessonRoot(page).getAttribute('data-where')) !== where
          ? 'moved'
          : (await page.locator('.lesson-main').evaluate((m) => m.scrollTop)) > top
            ? 'scrolled'
            : 'waiting',
      )
      .not.toBe('waiting');
    if ((await lessonRoot(page).getAttribute('data-where')) !== where) return scrolls;
  }
  throw new Error(`the forward key never left ${where}`);
}

async function checkReveal(page: Page, step: ResolvedStep, choice: number): Promise<void> {
  const q = step.question!;
  const result = page.getByTestId('question-result');
  await expect(result).toBeVisible();
  if (choice === q.answer) await expect(result).toContainText(/^Right\./);
  else await expect(result).toContainText(/^Not quite\./);
  // Presenting, the right answer is the choice marked right, not said again under it.
  await expect(page.locator('.choice.right')).toContainText(q.choices[q.answer]!);
  await expect(page.locator('.choice.right')).toBeVisible();
  await expect(result).not.toContainText('The answer:');
  // The timeline, its axis and the cursor's time included, is above the lesson's bar: on a
  // projector a long answer pushed the lanes the class was to watch under it.
  await timelineAboveBar(page, step.id);
  // The step that answers it has been played: the engine's sentence is the target step's.
  await expect(page.locator('.lesson .narration-where')).toContainText(`Step ${step.target} ·`);
}

/** The lesson's timeline panel ends above the lesson's bar, with the screen scrolled to its top. */
async function timelineAboveBar(page: Page, where: string): Promise<void> {
  // The words are made smaller a frame or two after the step has stopped (as they are seen).
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          // Measured with the step's screen at its top, as each part opens: scrolled, it cannot be.
          if (document.querySelector('.lesson-main')!.scrollTop > 0) return Infinity;
          const timeline = document.querySelector('.lesson-timeline')!.getBoundingClientRect();
          // The bar's top, less the few px of the panel's padding allowed under it (LessonView.tsx).
          const bar = document.querySelector('.lesson-nav')!.getBoundingClientRect().top;
          const zoom = Number(getComputedStyle(document.querySelector('.lesson')!).zoom) || 1;
          return Math.max(0, Math.round(timeline.bottom - bar - 4 * zoom));
        }),
      { message: `${where}: px of the timeline under the lesson's bar` },
    )
    .toBe(0);
}

/** Opens a part of the lesson, presented, afresh (from a blank page, so no earlier part's state stays). */
async function presentPart(page: Page, chapter: string, step: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`./#lesson=${lesson.id}&chapter=${chapter}&step=${step}&present`);
}

test.describe('the walkthrough in presenter mode', () => {
  test.use({ viewport: PROJECTOR, deviceScaleFactor: 1.5 });

  test('revealing an answer leaves the timeline its size: the words have room for the answer from the start', async ({
    page,
  }) => {
    // Parts whose answer's sentence is taller than the question's (its comparison, a longer
    // verdict): the timeline lost 27 to 42 px to it at the reveal, and its lanes their subtitles.
    const size = () => page.locator('.tl-svg').evaluate((svg) => Math.round(svg.getBoundingClientRect().height));
    for (const [chapter, step] of [
      ['order-at-the-store', 'arrives-first'],
      ['real-systems', 'epochs'],
      ['pitfalls', 'clock-token'],
    ] as const) {
      await presentPart(page, chapter, step);
      await expect(page.locator('.lesson.presenting')).toBeVisible();
      await settled(page, chapter, step, 'asking');
      const asking = await size();
      await page.keyboard.press('ArrowRight');
      await settled(page, chapter, step, 'revealed');
      await expect(page.getByTestId('question-result')).toBeVisible();
      expect(await size(), `${chapter}/${step}`).toBe(asking);
      // The copies the room is measured by are not seen, read out or found by a test id.
      await expect(page.locator('.narration-probe')).toBeHidden();
      await expect(page.getByTestId('narration')).toHaveCount(1);
    }
  });

  test('every chapter walked with the clicker keys; every question answered rightly, then wrongly', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await page.goto(`./#lesson=${lesson.id}&present`);
    await expect(page.locator('.lesson.presenting')).toBeVisible();
    // Fast runs for the test: the teacher's + key, up to 64x.
    for (let i = 0; i < 6; i++) await page.keyboard.press('+');
    let scrolled = 0;

    for (const [c, steps] of chapters.entries()) {
      const chapter = lesson.chapters[c]!;
      for (const step of steps) {
        const q = step.question;
        await settled(page, chapter.id, step.id, q ? 'asking' : 'telling');
        // Presenting, the title says which chapter, the line above it being left out for room.
        await expect(page.locator('.chapter-title')).toHaveAccessibleName(
          `Chapter ${c + 1} of ${chapters.length}: ${chapter.title}`,
        );
        await expect(page.locator('.chapter-number [aria-hidden]')).toHaveText(`${c + 1}/${chapters.length} ·`);
        await expect(page.getByTestId('lesson-say')).toHaveText(step.say);
        // The words, the question and the timeline are all on the one screen.
        for (const part of ['.lesson-talk', '.timeline', ...(q ? ['.lesson-question'] : [])])
          await expect(page.locator(part)).toBeInViewport();
        await timelineAboveBar(page, step.id);
        if (q) {
          // Asked, not answered: the cursor waits before the step, which is not drawn yet.
          expect(await page.locator(`.tl-stage [data-step="${step.target}"]`).count()).toBe(0);
          await expect(page.getByTestId('question-result')).toHaveCount(0);
          await page.keyboard.press(String(q.answer + 1));
          await settled(page, chapter.id, step.id, 'revealed');
          await checkReveal(page, step, q.answer);
          // The step's own link asks the question afresh; now a wrong answer.
          await page.getByRole('link', { name: `Part ${step.step + 1}, with a question` }).click();
          await settled(page, chapter.id, step.id, 'asking');
          await expect(page.getByTestId('question-result')).toHaveCount(0);
          const wrong = (q.answer + 1) % q.choices.length;
          await page.keyboard.press(String(wrong + 1));
          await settled(page, chapter.id, step.id, 'revealed');
          await checkReveal(page, step, wrong);
        }
        if (step === steps.at(-1))
          await page.screenshot({ path: `test-results/screenshots/lesson-${c + 1}-${chapter.id}.png` });
        if (c === chapters.length - 1 && step === steps.at(-1)) {
          // The end's bar, with its words and "More below", is one row, as every other step's:
          // it ran onto two.
          await expect(page.locator('.lesson-end')).toBeVisible();
          const bar = (await page.locator('.lesson-nav').boundingBox())!;
          const exit = (await page.getByRole('button', { name: /^Exit presenting/ }).boundingBox())!;
          expect(exit.y, "the end's bar runs onto a second row").toBeLessThan(bar.y + 20);
          await page.keyboard.press('PageDown');
        } else scrolled += await forward(page);
      }
    }
    // Steps whose panels lie below the projector's screen were scrolled to, not skipped.
    expect(scrolled).toBeGreaterThan(0);
    // At the very end a further press changes nothing.
    const last = chapters.at(-1)!.at(-1)!;
    await settled(page, lesson.chapters.at(-1)!.id, last.id);
    expect(errors).toEqual([]);
  });

  test("a clicker's double press onto a question is held, and the bar says so until the next press can show it", async ({
    page,
  }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=the-race&step=t5&present`);
    await settled(page, 'the-race', 't5', 'telling');
    const button = page.locator('.lesson-nav .primary');
    // Every text the button shows is kept by the page itself: "Read the question first" lasts a
    // moment (at least 700 ms), which a busy host's round trips to the browser could miss.
    await button.evaluate((b) => {
      const w = window as unknown as { said: string[] };
      w.said = [];
      new MutationObserver(() => {
        const text = b.textContent?.trim() ?? '';
        if (w.said.at(-1) !== text) w.said.push(text);
      }).observe(b, { subtree: true, childList: true, characterData: true });
    });
    await forward(page);
    await settled(page, 'the-race', 't6', 'asking');
    // Pressed again at once: nothing happens to the run, and the button says why.
    await page.keyboard.press('PageDown');
    await expect(lessonRoot(page)).toHaveAttribute('data-phase', 'asking');
    // Once the hold is over, the button is back, and the next press shows the answer.
    await expect(button).toHaveText(/^Show the answer/);
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said.slice(-2).map((text) => text.replace(/ →$/, ''))).toEqual([
      'Read the question first',
      'Show the answer',
    ]);
    await page.keyboard.press('PageDown');
    await settled(page, 'the-race', 't6', 'revealed');
  });

  test('"how many believe they hold it?" is asked over no believed lease, and Back to it shows it answered', async ({
    page,
  }) => {
    // The frozen client's believed lease (and its zombie window) ran on in the drawing while the
    // class was asked: the bars were the answer. They come with the reveal.
    const beliefs = page.locator('.lesson-main .tl-svg').locator('.tl-lease__believed, .tl-lease__zombie');
    await presentPart(page, 'held-is-not-enforced', 'split-brain');
    await settled(page, 'held-is-not-enforced', 'split-brain', 'asking');
    await expect(page.locator('.lesson-main .tl-svg .tl-lease__held')).not.toHaveCount(0);
    await expect(beliefs).toHaveCount(0);
    await page.keyboard.press('3'); // Two
    await settled(page, 'held-is-not-enforced', 'split-brain', 'revealed');
    await expect(page.locator('.lesson-main .tl-svg .tl-lease__zombie')).not.toHaveCount(0);
    // On, then back: the class's pick is still shown, and nothing is asked again.
    await forward(page);
    await settled(page, 'held-is-not-enforced', 'zombie-writes', 'asking');
    await page.keyboard.press('ArrowLeft');
    await settled(page, 'held-is-not-enforced', 'split-brain', 'revealed');
    await expect(page.locator('.choice.right[aria-pressed="true"]')).toContainText('Two');
    await expect(beliefs).not.toHaveCount(0);
  });

  test("a part with a focus opens on it, not the whole run: the slow clock's few ms, its marks apart; Fit shows the rest", async ({
    page,
  }) => {
    // Drawn whole (2 s), the lease's end, the grant, both writes and the check lay within 80 ms:
    // the accepted write's mark and the zombie's sat on one another.
    await presentPart(page, 'held-is-not-enforced', 'slow-clock');
    await settled(page, 'held-is-not-enforced', 'slow-clock', 'telling');
    const ticks = page.locator('.lesson-main .tl-axis__label');
    await expect(ticks.filter({ hasText: /^1,050 ms$/ })).toHaveCount(1);
    await expect(ticks.filter({ hasText: /^2,000 ms$/ })).toHaveCount(0);
    const storage = await page
      .locator('.lesson-main .tl-svg')
      .locator('.tl-mark--accept, .tl-mark--staleAccept')
      .evaluateAll((marks) => marks.map((m) => m.getBoundingClientRect().x));
    expect(storage.length, 'the two writes at the store').toBe(2);
    expect(Math.abs(storage[1]! - storage[0]!), 'px between the two writes at the store').toBeGreaterThan(100);
    // The class can still see the whole run.
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect(ticks.filter({ hasText: /^2,000 ms$/ })).toHaveCount(1);
  });

  test('a question revealed by the next press, with no answer picked; the blank key', async ({ page }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=the-race&step=t6&present`);
    const step = chapters[2]!.find((s) => s.id === 't6')!;
    await settled(page, 'the-race', 't6', 'asking');
    await page.keyboard.press('ArrowRight');
    await settled(page, 'the-race', 't6', 'revealed');
    // The right choice is the one left on the screen, marked; the words under it say why.
    await expect(page.getByTestId('question-result')).toHaveText(`Revealed. ${step.question!.why}`);
    await expect(page.locator('.choice:visible')).toHaveCount(1);
    await expect(page.locator('.choice.right')).toContainText(step.question!.choices[step.question!.answer]!);
    // The part asks for the whole run's verdict, and it is settled at t6 (only the zombie hearing
    // of its refusal comes after): it shows, below. Held back to the run's last step, it never did.
    await expect(page.getByTestId('verdict')).toHaveText(/no stale write got in/);
    await page.keyboard.press('b');
    await expect(page.getByRole('dialog', { name: /Screen blanked/ })).toBeVisible();
    // A press while blank only brings the screen back.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: /Screen blanked/ })).toHaveCount(0);
    await settled(page, 'the-race', 't6', 'revealed');
    // So does a click on the black screen, and only that.
    await page.keyboard.press('b');
    await page.getByRole('dialog', { name: /Screen blanked/ }).click();
    await expect(page.getByRole('dialog', { name: /Screen blanked/ })).toHaveCount(0);
    await settled(page, 'the-race', 't6', 'revealed');
    await page.keyboard.press('Escape');
    await expect(page.locator('.lesson.presenting')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Present' })).toBeVisible();
  });

  test("a question with five short choices leaves the run whole on the screen, max_seen's readout included", async ({
    page,
  }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=real-systems&step=etcd&present`);
    await settled(page, 'real-systems', 'etcd', 'asking');
    // The five tokens to choose from sit side by side, two rows, not a column of five.
    const tops = await page.locator('.choice').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(tops).toHaveLength(5);
    expect(new Set(tops.map(Math.round)).size).toBeLessThanOrEqual(2);
    const screen = (await page.locator('.lesson-main').boundingBox())!;
    for (const part of ['.tl-stage', '.tl-maxseen__box'])
      for (const box of await page.locator(part).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom)))
        expect(box, part).toBeLessThanOrEqual(screen.y + screen.height + 1);
    // Zoomed in, the toolbar that comes back takes its room from the drawing, which stays on the screen.
    const stage = (await page.locator('.tl-stage').boundingBox())!;
    await page.mouse.dblclick(stage.x + stage.width / 2, stage.y + stage.height * 0.45);
    await expect(page.getByRole('button', { name: 'Fit' })).toBeVisible();
    await expect
      .poll(
        async () =>
          (await page.locator('.tl-stage').boundingBox())!.y + (await page.locator('.tl-stage').boundingBox())!.height,
      )
      .toBeLessThanOrEqual(screen.y + screen.height + 1);
  });

  test('three journal nodes on the projector: the whole run on the screen, each max_seen readable, none over another', async ({
    page,
  }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=real-systems&step=epochs&answer=shown&present`);
    await settled(page, 'real-systems', 'epochs', 'revealed');
    const screen = (await page.locator('.lesson-main').boundingBox())!;
    const svg = (await page.locator('.lesson-main .tl-svg').boundingBox())!;
    expect(svg.y + svg.height, 'the timeline runs under the navigation').toBeLessThanOrEqual(
      screen.y + screen.height + 1,
    );
    // The readouts beside the lanes (the key, hidden here, draws one in its entry for max_seen).
    const boxes = await rects(page.locator('.tl-overlay .tl-maxseen__box'));
    expect(boxes).toHaveLength(3);
    for (const [i, box] of boxes.entries())
      for (const other of boxes.slice(i + 1))
        expect(intersects(box, other), 'two max_seen readouts overlap').toBe(false);
    const values = await rects(page.locator('.tl-maxseen__value'));
    for (const [i, value] of values.entries()) {
      expect(value.text).toBe('34');
      expect(value.y + value.height, 'a value runs out of its box').toBeLessThanOrEqual(
        boxes[i]!.y + boxes[i]!.height + 1,
      );
    }
  });

  test('the table of every design, presented, keeps to its answers: a screen and a half, not two and a third', async ({
    page,
  }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=comparison&step=table&answer=shown&present`);
    await settled(page, 'comparison', 'table', 'revealed');
    const table = page.locator('.compare-table');
    await expect(table.locator('tbody tr')).toHaveCount(STRATEGY_IDS.length);
    await expect(table.getByRole('row', { name: /^HDFS epochs/ })).toContainText('Yes');
    // The model's caveats and the buttons into the lab are the lab's (Try it yourself), not the class's.
    await expect(table.getByText('What the model leaves out').first()).toBeHidden();
    await expect(table.getByText('model checked against a real server').first()).toBeHidden();
    await expect(table.getByRole('button', { name: /in timeline$/ })).toHaveCount(0);
    const screen = await page.locator('.lesson-main').evaluate((main) => main.clientHeight);
    expect((await table.boundingBox())!.height).toBeLessThan(1.6 * screen);
    // Scrolled down to its last rows (→), the header row stays on the screen, over the rows.
    await page.locator('.lesson-main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    const header = table.getByRole('columnheader', { name: 'Token always grows?' });
    await expect(header).toBeInViewport();
    await expect(table.getByRole('row', { name: /^HDFS epochs/ })).toBeInViewport();
  });

  test("presenting, the timeline's key shows over the drawing when asked for (Key, or K), and goes again", async ({
    page,
  }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=real-systems&step=epochs&answer=shown&present`);
    await settled(page, 'real-systems', 'epochs', 'revealed');
    const legend = page.getByRole('list', { name: 'Legend' });
    const toggle = page.getByRole('button', { name: 'Key', exact: true });
    // No room for it below the drawing on a projector: hidden until asked for.
    await expect(legend).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(legend).toBeVisible();
    // HDFS: a writer holds an epoch until a newer one is promised, not a lease that expires.
    await expect(legend).toContainText('zombie window: superseded, still believed');
    await expect(legend).toContainText('epoch held, per the journal nodes');
    // Over the drawing, under its button, and clear of the navigation.
    const box = (await legend.boundingBox())!;
    const timeline = (await page.locator('.lesson-main .timeline').boundingBox())!;
    const button = (await toggle.boundingBox())!;
    const nav = (await page.getByRole('navigation', { name: 'Lesson steps' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(box.y + box.height).toBeLessThanOrEqual(Math.min(timeline.y + timeline.height, nav.y) + 1);
    expect(box.x + box.width).toBeLessThanOrEqual(timeline.x + timeline.width + 1);
    // Kept from step to step; the K key takes it away again.
    await page.keyboard.press('ArrowLeft');
    await expect(legend).toBeVisible();
    await page.keyboard.press('k');
    await expect(legend).toBeHidden();
    // Escape closes the key first, then leaves presenting: not presenting, the key is under the
    // timeline as always, and the button is not there.
    await page.keyboard.press('k');
    await expect(legend).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(legend).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Escape');
    await expect(legend).toBeVisible();
    await expect(toggle).toHaveCount(0);
  });

  test('the token an arrow brings to the current step is drawn over the cursor ring, not under it', async ({
    page,
  }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=real-systems&step=etcd&present`);
    await settled(page, 'real-systems', 'etcd', 'asking');
    // Client2 has just got its token, 35, from etcd: its number sits where the ring is.
    const ring = (await page.locator('.tl-overlay .tl-ring').boundingBox())!;
    const token = page.locator('.tl-overlay .tl-message__token', { hasText: /^35$/ });
    await expect(token).toHaveCount(1);
    const box = (await token.boundingBox())!;
    expect(box.x < ring.x + ring.width && box.x + box.width > ring.x).toBe(true);
    // Drawn after the ring, so on top of it.
    const order = await page
      .locator('.tl-overlay')
      .evaluate((svg) => [...svg.querySelectorAll('.tl-ring, .tl-message__token')].map((e) => e.getAttribute('class')));
    expect(order[0]).toBe('tl-ring');
  });

  test('presenter mode has no axe violations', async ({ page }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=the-race&step=t4&present`);
    await settled(page, 'the-race', 't4', 'asking');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.keyboard.press('1');
    await settled(page, 'the-race', 't4', 'revealed');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test.describe('the walkthrough on a projector at 100 % zoom', () => {
  test.use({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const race = `./#lesson=${lesson.id}&chapter=the-race&step=t6&present`;
  /** The teacher's words' box, as shares of the screen's width and height. */
  /** The shares of the screen the words take (across, down), the words with the question and
   * the room kept for the answer (down), and the timeline's drawing (down). */
  const wordsShare = (page: Page) =>
    page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return [
        box('.lesson-say').width / window.innerWidth,
        box('.lesson-say').height / window.innerHeight,
        box('.lesson-top').height / window.innerHeight,
        box('.tl-svg').height / window.innerHeight,
      ];
    });
  /** Clicks the timeline's "2,000 ms" tick label (the lesson is at t6) and reads where the cursor went. */
  async function clickTwoSeconds(page: Page): Promise<string> {
    await page.locator('.tl-axis__label', { hasText: /^2,000 ms$/ }).click();
    await expect(page.locator('.tl-cursor')).not.toContainText('t6');
    return page.locator('.tl-cursor').textContent() as Promise<string>;
  }

  test('presenter mode fills the screen as it does at 150 %, and a click on the timeline lands where it points', async ({
    page,
  }) => {
    // The screen presenter mode is laid out for (150 % zoom), then the same projector at 100 %.
    await page.setViewportSize(PROJECTOR);
    await page.goto(race);
    await settled(page, 'the-race', 't6', 'asking');
    const [width, height, top, drawing] = await wordsShare(page);
    const landed = await clickTwoSeconds(page);

    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(race);
    await page.reload();
    await settled(page, 'the-race', 't6', 'asking');
    const [bigWidth, bigHeight, bigTop, bigDrawing] = await wordsShare(page);
    expect(Math.abs(bigWidth! - width!)).toBeLessThan(0.01);
    expect(Math.abs(bigHeight! - height!)).toBeLessThan(0.01);
    // The room kept for the answer's sentence was measured on the screen, zoomed, and kept as
    // layout px: 1.5 times too tall here, a blank that took the timeline's room.
    expect(Math.abs(bigTop! - top!), 'the words with the question').toBeLessThan(0.01);
    expect(Math.abs(bigDrawing! - drawing!), "the timeline's drawing").toBeLessThan(0.01);
    // The lesson is the screen: its bar at the bottom edge, and nothing to scroll the page by.
    const nav = (await page.locator('.lesson-nav').boundingBox())!;
    expect(Math.abs(nav.y + nav.height - 720)).toBeLessThan(2);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(720);
    // A click is read in the lesson's own pixels: the same tick seeks the same step as at 150 %.
    expect(await clickTwoSeconds(page)).toBe(landed);
    // The blanked screen is the whole screen.
    await page.keyboard.press('b');
    expect(await page.getByRole('dialog', { name: /Screen blanked/ }).boundingBox()).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 720,
    });
  });
});

test.describe('the walkthrough on a projector at 100 % zoom, the timeline zoomed in', () => {
  test.use({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  test("a forward press scrolls the step's next block to the screen's top, zoomed or not", async ({ page }) => {
    // A page's worth at a time, the screen stopped anywhere: through the Storage lane, or with
    // half a heading under the bar.
    for (const [size, scale] of [
      [{ width: 1280, height: 720 }, 1.5],
      [PROJECTOR, 1],
    ] as const) {
      await page.setViewportSize(size);
      await presentPart(page, 'issue-carry-compare', 'carry');
      await settled(page, 'issue-carry-compare', 'carry', 'telling');
      await expect(page.locator('.lesson')).toHaveCSS('zoom', String(scale));
      await page.keyboard.press('PageDown');
      const tops = () =>
        page.evaluate(() => {
          const screen = document.querySelector('.lesson-main')!.getBoundingClientRect().top;
          const code = document.querySelector('.lesson-panel-slot')!.getBoundingClientRect().top;
          return Math.round(code - screen);
        });
      // The code's panel, the first below the timeline, now starts at the screen's top.
      await expect.poll(tops).toBe(0);
    }
  });

  test('the longest words and answers make their letters smaller, not the timeline go under the bar', async ({
    page,
  }) => {
    // Five Redis masters under five lines of words; a wrong pick's explanation; a real system's
    // answer: the lanes, the marks and the cursor's time ran 18 to 95 px under the lesson's bar.
    for (const [chapter, step] of [
      ['alternatives', 'redlock'],
      ['pitfalls', 'random-token'],
      ['real-systems', 'zookeeper'],
    ] as const) {
      await presentPart(page, chapter, step);
      await settled(page, chapter, step, 'asking');
      await timelineAboveBar(page, `${step}, asked`);
      const q = chapters.flat().find((s) => s.id === step)!.question!;
      await page.keyboard.press(String(((q.answer + 1) % q.choices.length) + 1));
      await settled(page, chapter, step, 'revealed');
      await expect(page.getByTestId('question-result')).toContainText(/^Not quite\./);
      await timelineAboveBar(page, `${step}, answered wrongly`);
      // Smaller, not small: at most three steps down, 80 % of the size designed (the answer's 0.92 em
      // of the lesson's 15 px, so 11 px, before the lesson's zoom).
      const size = await page.locator('.question-result p').evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
      expect(size).toBeGreaterThanOrEqual(15 * 0.92 * 0.8 - 0.01);
    }
  });

  test('a timeline zoomed in shows its toolbar, with Fit to come back; fitted, the toolbar goes', async ({ page }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=the-race&step=t6&present`);
    await settled(page, 'the-race', 't6', 'asking');
    const fit = page.getByRole('button', { name: 'Fit' });
    await expect(fit).toBeHidden();
    await expect(page.locator('.tl-stage')).toHaveAttribute('data-gestures', 'on');
    // A double-click zooms about the pointer, the lesson itself being drawn 1.5x: the time under
    // the pointer (the "1,000 ms" tick's) stays where it was on the screen.
    const tick = page.locator('.tl-axis__label', { hasText: /^1,000 ms$/ });
    const before = (await tick.boundingBox())!;
    const lane = (await page.locator('.tl-stage').boundingBox())!;
    await page.mouse.dblclick(before.x + before.width / 2, lane.y + lane.height * 0.45);
    await expect(fit).toBeVisible();
    const after = (await tick.boundingBox())!;
    expect(Math.abs(after.x + after.width / 2 - (before.x + before.width / 2))).toBeLessThan(3);
    await fit.click();
    await expect(fit).toBeHidden();
    await expect(page.locator('.tl[data-zoomed]')).toHaveCount(0);
  });
});

test.describe('the walkthrough on a laptop', () => {
  test('not presenting, a question keeps no room for its answer: on a phone the question stays near the top', async ({
    page,
  }) => {
    // The room presenting keeps (the timeline there is fitted to what the words leave) would only
    // push the question down a page that scrolls anyway: on a phone, below the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`./#lesson=${lesson.id}&chapter=real-systems&step=epochs`);
    await settled(page, 'real-systems', 'epochs', 'asking');
    const narration = page.locator('.lesson-talk > .narration');
    expect(await narration.evaluate((n) => (n as HTMLElement).style.minHeight)).toBe('');
    await expect(page.locator('.question-prompt')).toBeInViewport();
  });

  test('Back from a lesson returns to the lab it was opened from, and Forward to the same step', async ({ page }) => {
    await openLab(page);
    await page.getByRole('button', { name: 'Lesson for a class' }).click();
    await expect(lessonRoot(page)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const where = (await lessonRoot(page).getAttribute('data-where'))!;
    // Once the address has caught up with the step (it is written a moment after each change).
    await expect(page).toHaveURL(new RegExp(`#lesson=.*&step=${where.split('/')[1]}`));
    await page.goBack();
    await expect(lessonRoot(page)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('canonical-race');
    await page.goForward();
    await expect(lessonRoot(page)).toHaveAttribute('data-where', where);
    // Steps within the lesson are not pages of their own: one Back leaves the lesson.
    await page.goBack();
    await expect(page).toHaveURL(/#preset=canonical-race/);
  });

  test('a lesson left mid-way opens again at the step it was left at', async ({ page }) => {
    await openLab(page);
    await page.getByRole('button', { name: 'Lesson for a class' }).click();
    await expect(lessonRoot(page)).toBeVisible();
    const first = (await lessonRoot(page).getAttribute('data-where'))!;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const where = (await lessonRoot(page).getAttribute('data-where'))!;
    expect(where).not.toBe(first);
    await page.getByRole('button', { name: 'Leave the lesson' }).click();
    await expect(lessonRoot(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Lesson for a class' }).click();
    await expect(lessonRoot(page)).toHaveAttribute('data-where', where);
  });

  test('a deep link opens its chapter and step, and the URL follows the lesson', async ({ page }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=real-systems&step=etcd`);
    await settled(page, 'real-systems', 'etcd', 'asking');
    await expect(page.getByRole('combobox', { name: 'Chapter' })).toHaveValue('4');
    await page.getByRole('button', { name: 'Show the answer', exact: true }).click();
    await settled(page, 'real-systems', 'etcd', 'revealed');
    // A reload (a teacher's projector, refreshed) keeps the answer shown, not the question asked.
    await expect(page).toHaveURL(new RegExp(`#lesson=${lesson.id}&chapter=real-systems&step=etcd&answer=shown$`));
    await page.reload();
    await settled(page, 'real-systems', 'etcd', 'revealed');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#lesson=${lesson.id}&chapter=real-systems&step=etcd-txn$`));
    // A step's link in the navigation is its deep link.
    const link = page.getByRole('link', { name: 'Part 1, with a question' });
    await expect(link).toHaveAttribute('href', `#lesson=${lesson.id}&chapter=real-systems&step=zookeeper`);
    // A chapter by its number, a step the chapter lacks: the nearest there is.
    await page.goto(`./#lesson=${lesson.id}&chapter=3&step=99`);
    await settled(page, 'the-race', 't6');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test("P pressed as a lesson's link opens, before the lesson shows, opens it presented; its runs come from the build", async ({
    page,
  }) => {
    const runs: string[] = [];
    page.on('request', (r) => void (/\/runs\/[^/]+\.json/.test(r.url()) && runs.push(r.url())));
    // The lessons' code is held back until P has been pressed, so the press surely comes while the
    // lesson is still loading, with nothing on the screen yet.
    let pressed = () => {};
    const afterPress = new Promise<void>((resolve) => (pressed = resolve));
    await page.route(/\/assets\/lessons-[^/]+\.js$/, async (route) => {
      await afterPress;
      await route.continue();
    });
    await page.goto(`./#lesson=${lesson.id}&chapter=the-race&step=t4`, { waitUntil: 'domcontentloaded' });
    await expect(lessonRoot(page)).toHaveCount(0);
    await page.keyboard.press('p');
    pressed();
    await settled(page, 'the-race', 't4');
    await expect(page.locator('.lesson.presenting')).toBeVisible();
    // The presets the lesson shows are drawn from the build's runs, fetched as it opened.
    expect(runs.some((url) => url.includes('/runs/redlock-race.json'))).toBe(true);
    await page.keyboard.press('p');
    await expect(page.locator('.lesson.presenting')).toHaveCount(0);
  });

  test('Try it yourself opens the lab at the same run and step, and comes back', async ({ page }) => {
    await page.goto(`./#lesson=${lesson.id}&chapter=the-race&step=t4`);
    const step = chapters[2]!.find((s) => s.id === 't4')!;
    await settled(page, 'the-race', 't4', 'asking');
    await page.getByRole('button', { name: 'Try it yourself' }).click();
    // The lab, at the step the lesson waited on.
    await expect(page.getByRole('heading', { name: 'Fencelab', level: 1 })).toBeVisible();
    expect(await cursorStep(page)).toBe(step.waitAt);
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('canonical-race');
    // The question was still open, so what comes next stays hidden until the learner plays it.
    await expect(page.getByRole('checkbox', { name: 'Hide what has not happened yet' })).toBeChecked();
    await expect(page.getByTestId('verdict')).toContainText('Not yet');
    await expect(page).toHaveURL(/&from=fencing-tokens\/the-race\/t4$/);
    // Move the run on: the lesson is not changed by it.
    await page.keyboard.press('End');
    await page.reload();
    const back = page.getByRole('region', { name: 'Back to the lesson' });
    await expect(back).toContainText('The race, step by step');
    await back.getByRole('button', { name: 'Back to the lesson' }).click();
    await settled(page, 'the-race', 't4', 'asking');
    await expect(page).toHaveURL(new RegExp(`#lesson=${lesson.id}&chapter=the-race&step=t4$`));
  });

  test('a lesson link that cannot be opened says why and leaves the lab as it was', async ({ page }) => {
    await page.goto('./#lesson=no-such-lesson');
    await expect(page.getByRole('alert')).toContainText('There is no lesson called "no-such-lesson"');
    await expect(page.getByRole('heading', { name: 'Fencelab', level: 1 })).toBeVisible();
    // A mistyped chapter is said too, with the ones there are: it opened chapter 1, silently.
    await page.goto('about:blank');
    await page.goto(`./#lesson=${lesson.id}&chapter=the-rcae&step=t4`);
    await expect(page.getByRole('alert')).toContainText('the link names a chapter "the-rcae" the lesson does not have');
    await expect(page.getByRole('alert')).toContainText('the-race');
    await expect(page.getByRole('heading', { name: 'Fencelab', level: 1 })).toBeVisible();
    await expect(page.locator('.lesson')).toHaveCount(0);
  });

  test('the lab can hide what has not happened yet, and stop at each labelled step', async ({ page }) => {
    await page.goto('./#preset=canonical-race&step=9');
    await expect(page.getByTestId('verdict')).toContainText(/held|blocked|fenced|rejected|invariant/i);
    await page.getByRole('checkbox', { name: 'Hide what has not happened yet' }).check();
    await expect(page.getByTestId('verdict')).toContainText('Not yet');
    expect(await page.locator('.tl-stage [data-step="16"]').count()).toBe(0);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('End');
    await expect(page.getByTestId('verdict')).not.toContainText('Not yet');
    await page.getByRole('checkbox', { name: 'Stop at each labelled step' }).check();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Home');
    await page.keyboard.press('+');
    await page.keyboard.press(' ');
    await expect(page.locator('.narration .step-label')).toHaveText('t0');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  });

  test("a teacher's own lesson opens from a file; a broken one is refused, naming the field", async ({ page }) => {
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
            { run: { preset: 'canonical-race', strategy: 'etcd' }, at: 't0', say: 'Under etcd this time.' },
            { at: 't6', say: 'And the zombie writes.', ask: { kind: 'write', why: 'Its revision is older.' } },
          ],
        },
      ],
    };
    // The lab's own view, not the build's first view in the HTML, whose file input does nothing.
    await openLab(page);
    const file = page.getByTestId('import-file');
    const broken = { ...own, chapters: [{ ...own.chapters[0], steps: [{ ...own.chapters[0]!.steps[0], at: 't9' }] }] };
    await file.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(broken)),
    });
    await expect(page.getByRole('alert')).toContainText(
      'Could not open the lesson in the file broken.json: chapters[0].steps[0].at: the run has no step labelled "t9"',
    );
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('canonical-race');
    await file.setInputFiles({
      name: 'ours.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(own)),
    });
    await settled(page, 'race', '1', 'telling');
    await expect(page.getByTestId('lesson-say')).toHaveText('Under etcd this time.');
    // The run plays from t0 up to the question; a second press finishes the playing at once.
    await page.keyboard.press('ArrowRight');
    await expect(lessonRoot(page)).toHaveAttribute('data-playing', 'yes');
    await page.keyboard.press('ArrowRight');
    await settled(page, 'race', '2', 'asking');
    await page.keyboard.press('2');
    await expect(page.getByTestId('question-result')).toContainText('Right.');
  });
});
