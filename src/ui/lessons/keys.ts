// The keys a lesson answers, including those a presentation clicker sends: Right, Down, Page Down
// and Space go forward (finish the playing, reveal the answer, next step; a double press does not
// run on into the next question's answer); Left, Up and Page Up go
// back (presenting, both first scroll to what a step shows below the screen); B, W or . blank the
// screen (any of them, or Escape, brings it back); 1 to 6 answer; P presents; Escape leaves
// presenting (closing the timeline's key first, if open); K shows the timeline's key, presenting;
// + and - change the speed the runs play at. Invariant: a key meant for a focused
// control (typing, a select, Space or Enter on a button) is left to it.

import type { LabStore } from '../store/labStore';
import type { LessonSession } from './session';
import { ownedByControl } from './earlyKeys';

const FORWARD = new Set(['ArrowRight', 'ArrowDown', 'PageDown', ' ']);
const BACK = new Set(['ArrowLeft', 'ArrowUp', 'PageUp']);
const BLANK = new Set(['b', 'B', 'w', 'W', '.']);

/**
 * Less than this below the screen (a panel's bottom margin, a few pixels of border) is not worth a
 * press of its own: forward goes on instead.
 */
export const SCROLL_MIN_PX = 32;

/**
 * Whether the step has been told (its question answered, its run not playing): only then does
 * forward scroll down to what is below (more than SCROLL_MIN_PX), and the "More below" cue show.
 */
export const isTold = (phase: string, playing: boolean): boolean => phase !== 'asking' && !playing;

/**
 * A forward press (a key, or the bar's forward button) this soon (ms, by the events' own time
 * stamps) after the forward press that opened a question's step does not reveal its answer: a
 * clicker's double press, a double click, or a second tap on a step that seemed slow to come, gave
 * the answer away before the class had read the question.
 * The question's own Show the answer button still shows it at once.
 */
export const REVEAL_AFTER_MS = 1500;

/** Told on the window when a forward press is held back (REVEAL_AFTER_MS), with how long the hold
 * lasts (ms) as its detail: the lesson's bar says so meanwhile, where nothing happening read as a
 * clicker that had stopped working. */
export const HELD_PRESS_EVENT = 'fencelab:lesson-press-held';

/** Where a forward press last took each session, and when. */
const movedForward = new WeakMap<LessonSession, { place: unknown; at: number }>();

/** How much of a screen one press scrolls, presenting, within a block taller than the screen (or
 * on a screen whose blocks are not known): a little stays in view, to read on from. */
const SCROLL_SHARE = 0.85;

/** Where one of the screen's blocks (the words, the timeline, each panel) lies in what the screen
 * scrolls, in px from the top of its content. */
export interface Block {
  top: number;
  bottom: number;
}

/**
 * Where a presenter's press scrolls the screen to, or null for none (it moves between steps
 * instead). Forward brings the first block not wholly on the screen to the screen's top (a block
 * taller than the screen, already begun, goes on by most of a screen); back brings the block
 * above to the top the same way. A page's worth at a time, the scroll stopped anywhere, cutting
 * the timeline's Storage lane through the middle. With no blocks (a screen whose parts are not
 * known), a page at a time.
 * @param blocks the screen's blocks, top to bottom
 * @param at the screen's scrollTop (px)
 * @param screenPx its clientHeight (px)
 * @param endPx its scrollHeight (px)
 * @param forward the press's direction
 */
export function scrollStop(
  blocks: readonly Block[],
  at: number,
  screenPx: number,
  endPx: number,
  forward: boolean,
): number | null {
  const page = Math.max(40, Math.floor(screenPx * SCROLL_SHARE));
  if (forward) {
    const end = Math.max(0, endPx - screenPx);
    if (end - at <= SCROLL_MIN_PX) return null;
    const cut = blocks.find((b) => b.bottom > at + screenPx + SCROLL_MIN_PX);
    const to = cut && cut.top > at + SCROLL_MIN_PX ? cut.top : at + page;
    return Math.min(end, Math.max(to, at + SCROLL_MIN_PX + 1));
  }
  if (at <= 2) return null;
  const above = blocks.filter((b) => b.top < at - SCROLL_MIN_PX).at(-1);
  const to = above && at - above.top <= page ? above.top : at - page;
  return Math.max(0, to);
}

/** The blocks of a presenter's screen (the lesson's main area): its children, each panel apart. */
function blocksOf(screen: HTMLElement): Block[] {
  if (typeof screen.getBoundingClientRect !== 'function' || !screen.children) return [];
  const box = screen.getBoundingClientRect();
  // Presented on a large screen the lesson is zoomed (CSS zoom): boxes are the screen's px,
  // scrollTop the layout's.
  const zoom = screen.offsetHeight > 0 ? box.height / screen.offsetHeight : 1;
  const parts = [...screen.children].flatMap((child) =>
    child.classList.contains('lesson-panels') ? [...child.children] : [child],
  );
  return parts.map((part) => {
    const r = part.getBoundingClientRect();
    return { top: (r.top - box.top) / zoom + screen.scrollTop, bottom: (r.bottom - box.top) / zoom + screen.scrollTop };
  });
}

/**
 * One forward press, from a key or the bar's forward button, at `timeStamp` (the event's, ms):
 * session.next(), except that a press within REVEAL_AFTER_MS of one that moved onto a question is
 * held (HELD_PRESS_EVENT says how long is left), so a double press, or a double click, cannot give
 * the answer away before the class has read the question.
 */
export function pressForward(session: LessonSession, lab: LabStore, timeStamp: number): void {
  const s = session.getState();
  const moved = movedForward.get(session);
  const soon = moved !== undefined && moved.place === s.place && timeStamp - moved.at < REVEAL_AFTER_MS;
  // Only the reveal waits: a press that ends the run's playing up to the question still does.
  if (s.phase === 'asking' && !lab.getState().playing && soon) {
    const left = REVEAL_AFTER_MS - (timeStamp - moved.at);
    window.dispatchEvent(new CustomEvent<number>(HELD_PRESS_EVENT, { detail: left }));
    return;
  }
  s.next();
  const now = session.getState().place;
  if (now !== s.place) movedForward.set(session, { place: now, at: timeStamp });
}

/**
 * Acts on one key press; returns whether the lesson took it. `screen` is what the presenter's
 * screen scrolls (the lesson's main area): while presenting, a step's panels (its code, the
 * comparison) may lie below the screen, and a clicker cannot scroll. So once the step has been
 * told (its question answered, its run played), forward first scrolls down to what is below, and
 * back first scrolls up, before either moves to another step.
 */
export function handleLessonKey(
  session: LessonSession,
  lab: LabStore,
  event: KeyboardEvent,
  screen: HTMLElement | null = null,
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || ownedByControl(event.target, event.key)) return false;
  const s = session.getState();
  const key = event.key;
  if (s.presenting && !s.blank && screen) {
    // Forward reveals a question's answer, or ends a run playing, first: what is below comes after.
    const forward = FORWARD.has(key) && isTold(s.phase, lab.getState().playing);
    if (forward || BACK.has(key)) {
      const to = scrollStop(blocksOf(screen), screen.scrollTop, screen.clientHeight, screen.scrollHeight, forward);
      if (to !== null && to !== screen.scrollTop) {
        screen.scrollBy({ top: to - screen.scrollTop });
        return true;
      }
    }
  }
  if (s.blank) {
    // A blank screen comes back with the next press of any of the lesson's keys, and does nothing else.
    if (BLANK.has(key) || FORWARD.has(key) || BACK.has(key) || key === 'Escape') {
      s.toggleBlank();
      return true;
    }
    return false;
  }
  if (FORWARD.has(key)) pressForward(session, lab, event.timeStamp);
  else if (BACK.has(key)) s.previous();
  else if (BLANK.has(key)) s.toggleBlank();
  else if (key === 'p' || key === 'P') s.setPresenting(!s.presenting);
  else if ((key === 'k' || key === 'K') && s.presenting) s.toggleKey();
  // Escape closes the timeline's key first, if it is open; then leaves presenting.
  else if (key === 'Escape' && s.presenting) {
    if (s.showKey) s.toggleKey();
    else s.setPresenting(false);
  } else if (/^[1-6]$/.test(key)) s.answer(Number(key) - 1);
  else if (key === '+' || key === '=') lab.getState().faster();
  else if (key === '-' || key === '_') lab.getState().slower();
  else return false;
  return true;
}
