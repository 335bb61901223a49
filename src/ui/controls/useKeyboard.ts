// Keyboard shortcuts for the whole page: space plays or pauses, left and right step, Home and End
// jump, + and - change speed, Ctrl+Z (Cmd+Z) undoes the last change to the run and Ctrl+Shift+Z
// (Cmd+Shift+Z) or Ctrl+Y redoes it. Invariant: a key meant for a form control (typing in a field,
// pressing a button reached with the keyboard, moving a slider or a tab) is left to that control;
// undo and redo are left only to a field with an undo of its own, one that takes typing.

import { useEffect } from 'react';
import type { LabStore } from '../store/labStore';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

function ownsKey(target: EventTarget | null, key: string, clicked: Element | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (TYPING.has(target.tagName) || target.isContentEditable) return true;
  if (target.getAttribute('role') === 'tab' && key !== ' ') return true;
  // A button or link reached with the keyboard is activated by space; arrows still move the cursor.
  // One that merely kept the focus after a click (Apply, say) does not take space from the page,
  // or space would apply the action again instead of playing.
  const pressable = target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'SUMMARY';
  return key === ' ' && pressable && target !== clicked;
}

/** Input types a person types text into: such a field has its own undo, and keeps Ctrl+Z. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Whether `target` undoes typing of its own (a text field): a box, a list or a button has no undo of its own. */
function ownsHistory(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.tagName === 'TEXTAREA' || target.isContentEditable) return true;
  // `type` as the browser reads it: a missing or unknown type is a text field.
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

/**
 * The history command a key press means: Ctrl+Z (Cmd+Z) undo; Ctrl+Shift+Z (Cmd+Shift+Z) or Ctrl+Y
 * redo. Not Cmd+Y: on a Mac that is the browser's history.
 */
function historyKey(event: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' && event.ctrlKey && !event.metaKey && !event.shiftKey ? 'redo' : null;
}

/** `clicked`: the control that has the focus because it was clicked, if any (see useKeyboard). */
export function handleKey(store: LabStore, event: KeyboardEvent, clicked: Element | null = null): boolean {
  // Ctrl+Z (Cmd+Z) undoes the last change to the run, and Ctrl+Shift+Z (Cmd+Shift+Z) or Ctrl+Y
  // redoes it, unless a text field wants the key for its own typing (a ticked box or a picked
  // scenario is the page's change, undone by the page).
  const history = historyKey(event);
  if (history && !ownsHistory(event.target)) {
    store.getState()[history]();
    return true;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || ownsKey(event.target, event.key, clicked)) return false;
  const s = store.getState();
  switch (event.key) {
    case ' ':
      s.togglePlay();
      return true;
    case 'ArrowRight':
      s.step();
      return true;
    case 'ArrowLeft':
      s.stepBack();
      return true;
    case 'Home':
      s.toStart();
      return true;
    case 'End':
      s.toEnd();
      return true;
    case '+':
    case '=':
      s.faster();
      return true;
    case '-':
    case '_':
      s.slower();
      return true;
    default:
      return false;
  }
}

export function useKeyboard(store: LabStore): void {
  useEffect(() => {
    // Which control took the focus from a click: pointerdown comes just before the focus moves.
    // Any later focus change (Tab, a script) clears it, so a control reached by keyboard owns space.
    let clicked: Element | null = null;
    const onPointerDown = (event: PointerEvent) => {
      clicked = event.target instanceof Element ? event.target.closest('button, a, summary') : null;
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== clicked) clicked = null;
    };
    const onKey = (event: KeyboardEvent) => {
      if (handleKey(store, event, clicked)) event.preventDefault();
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('focusin', onFocusIn, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('focusin', onFocusIn, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [store]);
}
