// Keyboard shortcuts for the whole page: space plays or pauses, left and right step, Home and End
// jump, + and - change speed, Ctrl+Z (Cmd+Z) undoes the last change to the run. Invariant: a key meant for a form control (typing in a field,
// pressing a focused button, moving a slider or a tab) is left to that control.

import { useEffect } from 'react';
import type { LabStore } from '../store/labStore';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (TYPING.has(target.tagName) || target.isContentEditable) return true;
  if (target.getAttribute('role') === 'tab' && key !== ' ') return true;
  // A focused button or link is activated by space; arrows still move the cursor.
  return key === ' ' && (target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'SUMMARY');
}

export function handleKey(store: LabStore, event: KeyboardEvent): boolean {
  // Ctrl+Z (Cmd+Z) undoes the last change to the run, unless a text field wants it for itself.
  const undoKey =
    (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'z';
  if (undoKey && !ownsKey(event.target, event.key)) {
    store.getState().undo();
    return true;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || ownsKey(event.target, event.key)) return false;
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
    const onKey = (event: KeyboardEvent) => {
      if (handleKey(store, event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
