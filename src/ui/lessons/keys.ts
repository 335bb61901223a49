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
 * A forward press this soon (ms, by the events' own time stamps) after the forward press that
 * opened a question's step does not reveal its answer: a clicker's double press, or a second tap
 * on a step that seemed slow to come, gave the answer away before the class had read the question.
 * The question's own Show the answer button still shows it at once.
 */
export const REVEAL_AFTER_MS = 1500;

/** Where a forward press last took each session, and when. */
const movedForward = new WeakMap<LessonSession, { place: unknown; at: number }>();

/** How much of a screen one press scrolls, presenting: a little stays in view, to read on from. */
const SCROLL_SHARE = 0.85;

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
    const page = Math.max(40, Math.floor(screen.clientHeight * SCROLL_SHARE));
    const below = screen.scrollHeight - screen.clientHeight - screen.scrollTop;
    // Forward reveals a question's answer, or ends a run playing, first: what is below comes after.
    if (FORWARD.has(key) && isTold(s.phase, lab.getState().playing) && below > SCROLL_MIN_PX) {
      screen.scrollBy({ top: Math.min(page, below) });
      return true;
    }
    if (BACK.has(key) && screen.scrollTop > 2) {
      screen.scrollBy({ top: -Math.min(page, screen.scrollTop) });
      return true;
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
  if (FORWARD.has(key)) {
    const moved = movedForward.get(session);
    const soon = moved !== undefined && moved.place === s.place && event.timeStamp - moved.at < REVEAL_AFTER_MS;
    // Only the reveal waits: a press that ends the run's playing up to the question still does.
    if (s.phase === 'asking' && !lab.getState().playing && soon) return true;
    s.next();
    const now = session.getState().place;
    if (now !== s.place) movedForward.set(session, { place: now, at: event.timeStamp });
  } else if (BACK.has(key)) s.previous();
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
