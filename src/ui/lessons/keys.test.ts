// @vitest-environment jsdom
// The presenter's keys: forward and back first scroll to what a step shows below the screen (a
// clicker cannot scroll), then move between steps.

import { describe, expect, it, vi } from 'vitest';
import { HELD_PRESS_EVENT, handleLessonKey, REVEAL_AFTER_MS, SCROLL_MIN_PX, scrollStop } from './keys';
import { holdPresentKey, takeHeldPresentKey } from './earlyKeys';
import type { LessonSession } from './session';
import type { LabStore } from '../store/labStore';

function presenter(presenting = true, phase = 'telling', playing = false) {
  const next = vi.fn();
  const previous = vi.fn();
  const toggleKey = vi.fn();
  const session = {
    getState: () => ({ presenting, blank: false, next, previous, toggleKey, phase }),
  } as unknown as LessonSession;
  const lab = { getState: () => ({ playing }) } as unknown as LabStore;
  const screen = { clientHeight: 500, scrollHeight: 1300, scrollTop: 0, scrollBy: vi.fn() };
  screen.scrollBy.mockImplementation(({ top }: { top: number }) => (screen.scrollTop += top));
  const press = (key: string) =>
    handleLessonKey(session, lab, { key, target: null } as unknown as KeyboardEvent, screen as never);
  return { next, previous, toggleKey, screen, press };
}

describe('the presenter keys', () => {
  it("do not run a double press on into the next question's answer", () => {
    let state = { place: { step: 0 }, phase: 'telling' };
    const next = vi.fn(() => {
      state =
        state.phase === 'asking'
          ? { ...state, phase: 'revealed' }
          : { place: { step: state.place.step + 1 }, phase: 'asking' };
    });
    const session = {
      getState: () => ({ presenting: false, blank: false, next, ...state }),
    } as unknown as LessonSession;
    const lab = { getState: () => ({ playing: false }) } as unknown as LabStore;
    const press = (key: string, timeStamp: number) =>
      handleLessonKey(session, lab, { key, target: null, timeStamp } as unknown as KeyboardEvent);
    expect(press('PageDown', 1000)).toBe(true); // on to a step that asks
    expect(state).toMatchObject({ place: { step: 1 }, phase: 'asking' });
    const held: number[] = [];
    const onHeld = (e: Event) => held.push((e as CustomEvent<number>).detail);
    window.addEventListener(HELD_PRESS_EVENT, onHeld);
    expect(press('PageDown', 1300)).toBe(true); // the clicker's second press: taken, and nothing done
    // ... but said: the bar shows it was held, for as long as the hold lasts.
    expect(held).toEqual([REVEAL_AFTER_MS - 300]);
    window.removeEventListener(HELD_PRESS_EVENT, onHeld);
    expect(press('ArrowRight', 1000 + REVEAL_AFTER_MS - 1)).toBe(true);
    expect(state.phase).toBe('asking');
    expect(next).toHaveBeenCalledTimes(1);
    press('ArrowRight', 1000 + REVEAL_AFTER_MS); // a press meant for it reveals
    expect(state.phase).toBe('revealed');
    press(' ', 1000 + REVEAL_AFTER_MS + 10); // and the next goes on at once: no question is asking
    expect(state).toMatchObject({ place: { step: 2 }, phase: 'asking' });
  });

  it('scroll down to what is below the screen before the next step, and up before the last', () => {
    const p = presenter();
    expect(p.press('PageDown')).toBe(true);
    expect(p.screen.scrollTop).toBe(425);
    expect(p.press('ArrowRight')).toBe(true);
    expect(p.screen.scrollTop).toBe(800); // the bottom: 1300 - 500
    expect(p.next).not.toHaveBeenCalled();
    p.press(' ');
    expect(p.next).toHaveBeenCalledTimes(1);
    p.press('PageUp');
    p.press('ArrowLeft');
    expect(p.screen.scrollTop).toBe(0);
    expect(p.previous).not.toHaveBeenCalled();
    p.press('ArrowLeft');
    expect(p.previous).toHaveBeenCalledTimes(1);
  });

  it('move on, not scroll, when what is below is less than SCROLL_MIN_PX (a margin, not something to read)', () => {
    const p = presenter();
    p.screen.scrollHeight = 500 + SCROLL_MIN_PX;
    p.press('PageDown');
    expect(p.next).toHaveBeenCalledTimes(1);
    expect(p.screen.scrollTop).toBe(0);
    p.screen.scrollHeight = 500 + SCROLL_MIN_PX + 1;
    p.press('PageDown');
    expect(p.screen.scrollTop).toBe(SCROLL_MIN_PX + 1);
    expect(p.next).toHaveBeenCalledTimes(1);
  });

  it("show the timeline's key with K only while presenting (otherwise it is under the timeline)", () => {
    const p = presenter();
    expect(p.press('k')).toBe(true);
    expect(p.press('K')).toBe(true);
    expect(p.toggleKey).toHaveBeenCalledTimes(2);
    const q = presenter(false);
    expect(q.press('k')).toBe(false);
    expect(q.toggleKey).not.toHaveBeenCalled();
  });

  it("close the timeline's key with Escape before leaving presenting", () => {
    const toggleKey = vi.fn();
    const setPresenting = vi.fn();
    let showKey = true;
    const session = {
      getState: () => ({ presenting: true, blank: false, showKey, toggleKey, setPresenting }),
    } as unknown as LessonSession;
    const lab = { getState: () => ({ playing: false }) } as unknown as LabStore;
    const escape = () => handleLessonKey(session, lab, { key: 'Escape', target: null } as unknown as KeyboardEvent);
    escape();
    expect([toggleKey.mock.calls.length, setPresenting.mock.calls.length]).toEqual([1, 0]);
    showKey = false;
    escape();
    expect(setPresenting).toHaveBeenCalledWith(false);
  });

  it('move between steps at once when not presenting', () => {
    const p = presenter(false);
    p.press('ArrowRight');
    expect(p.next).toHaveBeenCalledTimes(1);
    expect(p.screen.scrollTop).toBe(0);
  });

  it('reveal an answer, or end a run playing, before scrolling', () => {
    for (const p of [presenter(true, 'asking'), presenter(true, 'telling', true)]) {
      p.press('ArrowRight');
      expect(p.next).toHaveBeenCalledTimes(1);
      expect(p.screen.scrollTop).toBe(0);
    }
  });
});

describe("scrollStop: where a presenter's press scrolls to", () => {
  // A 444 px screen: the words (0-230), the timeline (236-480), the code (486-760), the max_seen
  // chart (766-1000). Scrolled a page at a time, the screen stopped at 377 and 754: the
  // timeline's Storage lane cut through, then the chart's heading peeking under the bar.
  const blocks = [
    { top: 0, bottom: 230 },
    { top: 236, bottom: 480 },
    { top: 486, bottom: 760 },
    { top: 766, bottom: 1000 },
  ];
  it('forward brings the first block not wholly on the screen to its top', () => {
    expect(scrollStop(blocks, 0, 444, 1004, true)).toBe(236);
    expect(scrollStop(blocks, 236, 444, 1004, true)).toBe(486);
    // The last block: as far as the screen goes (1004 - 444), then no further (the step moves on).
    expect(scrollStop(blocks, 486, 444, 1004, true)).toBe(560);
    expect(scrollStop(blocks, 560, 444, 1004, true)).toBeNull();
  });
  it('back brings the block above to the top, then the top of the step, then none', () => {
    expect(scrollStop(blocks, 560, 444, 1004, false)).toBe(486);
    expect(scrollStop(blocks, 486, 444, 1004, false)).toBe(236);
    expect(scrollStop(blocks, 236, 444, 1004, false)).toBe(0);
    expect(scrollStop(blocks, 0, 444, 1004, false)).toBeNull();
  });
  it('a block taller than the screen, already begun, goes on by most of a screen', () => {
    const tall = [
      { top: 0, bottom: 200 },
      { top: 206, bottom: 1500 },
    ];
    expect(scrollStop(tall, 0, 444, 1504, true)).toBe(206);
    expect(scrollStop(tall, 206, 444, 1504, true)).toBe(206 + Math.floor(444 * 0.85));
    expect(scrollStop(tall, 583, 444, 1504, false)).toBe(206);
  });
});

describe('P pressed while a lesson loads', () => {
  const press = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));

  it('is held for the lesson view, with the presses the page starter counted, and taken once', () => {
    const starter = (event: Event) => ((event as CustomEvent<{ presses: number }>).detail.presses += 1);
    document.addEventListener('fencelab:lesson-keys', starter, { once: true });
    holdPresentKey(document);
    press('p');
    press('P', document.body, { repeat: true }); // held down: still one press
    press('p', document.body, { metaKey: true }); // a shortcut, not the lesson's key
    const first = takeHeldPresentKey();
    expect(first.switchPresenting).toBe(false); // two presses in all: the starter's and this one
    first.stop();
    holdPresentKey(document);
    press('P');
    const view = takeHeldPresentKey();
    expect(view.switchPresenting).toBe(true);
    view.stop();
    press('p'); // taken: the view listens itself from now on
    const again = takeHeldPresentKey();
    expect(again.switchPresenting).toBe(false);
    again.stop();
  });

  it('leaves a P typed into a field to the field', () => {
    const field = document.body.appendChild(document.createElement('input'));
    holdPresentKey(document);
    press('p', field);
    const view = takeHeldPresentKey();
    expect(view.switchPresenting).toBe(false);
    view.stop();
    field.remove();
  });

  it('is not held when a lesson view listens already (a link opened over a lesson): the view takes P', () => {
    const view = takeHeldPresentKey();
    expect(holdPresentKey(document)).toBeNull();
    press('p');
    view.stop();
    // After a take-over and back, the view listens afresh: nothing from before counts.
    const again = takeHeldPresentKey();
    expect(again.switchPresenting).toBe(false);
    again.stop();
  });

  it("dropped by a link that gave way to a later one, without losing the later link's presses", () => {
    const first = holdPresentKey(document)!;
    const second = holdPresentKey(document)!;
    press('p');
    expect(first.take()).toBe(false); // the first link's open resolves false and drops its hold
    const view = takeHeldPresentKey();
    expect(view.switchPresenting).toBe(true); // the second link's lesson opens presented
    view.stop();
    expect(second.take()).toBe(false); // taken once only
  });
});
