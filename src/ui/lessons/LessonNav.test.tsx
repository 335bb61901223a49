// @vitest-environment jsdom
// The lesson's forward button says what a press will do: finish the playing, show the answer, or
// go on to the next step (session.next does the same, in that order).
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { findLesson, validateLesson } from '../../engine/surfaces/lessons';
import { createLabStore } from '../store/labStore';
import { renderInLab } from '../testing/renderInLab';
import { HELD_PRESS_EVENT } from './keys';
import { LessonNav } from './LessonNav';
import { createLessonSession } from './session';
import { SessionContext } from './useLesson';
import { ALL_CODE, ALL_SIMULATOR } from '../store/code/allCode';
import type { LessonCatalogue } from './catalogue';

/** The lessons' code and a simulator of every model, at hand (a page fetches them). */
const catalogue: LessonCatalogue = { findLesson, validateLesson, simulator: ALL_SIMULATOR };

/** The lesson's bar at chapter 3's first question, or `before` parts before it: the lab, the
 * session, which part asks, and the bar's forward button. */
async function barAtQuestion(before = 0) {
  const lab = createLabStore(undefined, { code: ALL_CODE });
  const session = createLessonSession(lab, () => Promise.resolve(catalogue));
  await session.getState().open('fencing-tokens', { chapter: 2, step: 0 });
  const asking = session.getState().chapters[2]!.findIndex((s) => s.question);
  act(() => session.getState().goTo({ chapter: 2, step: asking - before }));
  const view = renderInLab(
    lab,
    <SessionContext.Provider value={session}>
      <LessonNav />
    </SessionContext.Provider>,
  );
  const button = () => view.querySelector<HTMLButtonElement>('.lesson-nav .primary')!;
  return { lab, session, asking, button };
}

describe("the lesson's forward button", () => {
  it('says Show the answer at a question, Finish playing while the answer plays, then Next', async () => {
    const { lab, button } = await barAtQuestion();
    const forward = () => button().textContent!.trim();
    expect(forward()).toBe('Show the answer →');
    act(() => button().click());
    expect(lab.getState().playing).toBe(true);
    expect(forward()).toBe('Finish playing →');
    act(() => button().click());
    expect(lab.getState().playing).toBe(false);
    expect(forward()).toBe('Next →');
  });
});

describe("the lesson's forward button, while a press is held back", () => {
  it('says Read the question first, and a click on it is held too, until the hold ends', async () => {
    vi.useFakeTimers();
    try {
      const { session, button } = await barAtQuestion();
      act(() => void window.dispatchEvent(new CustomEvent(HELD_PRESS_EVENT, { detail: 900 })));
      expect(button().textContent!.trim()).toBe('Read the question first →');
      expect(button().getAttribute('aria-disabled')).toBe('true');
      act(() => button().click());
      expect(session.getState().phase).toBe('asking');
      act(() => vi.advanceTimersByTime(1000));
      expect(button().textContent!.trim()).toBe('Show the answer →');
      expect(button().hasAttribute('aria-disabled')).toBe(false);
      act(() => button().click());
      expect(session.getState().phase).toBe('revealed');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the lesson's forward button, clicked twice onto a question", () => {
  it('holds the second click, as the keys hold a second press: a double click does not give the answer away', async () => {
    const { lab, session, asking, button } = await barAtQuestion(1);
    act(() => button().click()); // onto the question
    expect(session.getState()).toMatchObject({ place: { chapter: 2, step: asking }, phase: 'asking' });
    act(() => void lab.getState().seek(lab.getState().cursor)); // its run at its stop
    for (let i = 0; i < 1000 && lab.getState().playing; i++) act(() => lab.getState().advance(16));
    act(() => button().click()); // at once: held
    expect(session.getState().phase).toBe('asking');
    expect(button().textContent!.trim()).toBe('Read the question first →');
  });
});

describe("the lesson's bar, when the speed changes", () => {
  it('says the new speed for a moment, even where it shows More below instead', async () => {
    // A teacher pressed + and − with More below on screen, saw nothing, and found 0.25x later.
    vi.useFakeTimers();
    try {
      const lab = createLabStore(undefined, { code: ALL_CODE });
      const session = createLessonSession(lab, () => Promise.resolve(catalogue));
      await session.getState().open('fencing-tokens', { chapter: 0, step: 0 });
      const view = renderInLab(
        lab,
        <SessionContext.Provider value={session}>
          <LessonNav moreBelow />
        </SessionContext.Provider>,
      );
      const said = () => view.querySelector('.lesson-nav .speed-said')?.textContent ?? null;
      expect(said()).toBeNull();
      act(() => lab.getState().setSpeed(2));
      expect(said()).toBe('Speed 2x');
      act(() => vi.advanceTimersByTime(1600));
      expect(said()).toBeNull();
      expect(view.querySelector('.lesson-nav .more-below')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
