// The keys a lesson answers, including those a presentation clicker sends: Right, Down, Page Down
// and Space go forward (finish the playing, reveal the answer, next step); Left, Up and Page Up go
// back; B, W or . blank the screen (any of them, or Escape, brings it back); 1 to 6 answer; P
// presents; Escape leaves presenting; + and - change the speed the runs play at. Invariant: a key meant for a focused control (typing, a
// select, Space or Enter on a button) is left to it.

import type { LabStore } from '../store/labStore';
import type { LessonSession } from './session';

const FORWARD = new Set(['ArrowRight', 'ArrowDown', 'PageDown', ' ']);
const BACK = new Set(['ArrowLeft', 'ArrowUp', 'PageUp']);
const BLANK = new Set(['b', 'B', 'w', 'W', '.']);

function ownedByControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (target.getAttribute('role') === 'tab' && key !== ' ') return true;
  return (key === ' ' || key === 'Enter') && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY');
}

/** Acts on one key press; returns whether the lesson took it. */
export function handleLessonKey(session: LessonSession, lab: LabStore, event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || ownedByControl(event.target, event.key)) return false;
  const s = session.getState();
  const key = event.key;
  if (s.blank) {
    // A blank screen comes back with the next press of any of the lesson's keys, and does nothing else.
    if (BLANK.has(key) || FORWARD.has(key) || BACK.has(key) || key === 'Escape') {
      s.toggleBlank();
      return true;
    }
    return false;
  }
  if (FORWARD.has(key)) s.next();
  else if (BACK.has(key)) s.previous();
  else if (BLANK.has(key)) s.toggleBlank();
  else if (key === 'p' || key === 'P') s.setPresenting(!s.presenting);
  else if (key === 'Escape' && s.presenting) s.setPresenting(false);
  else if (/^[1-6]$/.test(key)) s.answer(Number(key) - 1);
  else if (key === '+' || key === '=') lab.getState().faster();
  else if (key === '-' || key === '_') lab.getState().slower();
  else return false;
  return true;
}
