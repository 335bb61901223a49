// Keys pressed before a lesson's view is there to take them, and which keys belong to a focused
// control rather than to the lesson. Kept apart from the lesson's keys (./keys.ts) so that the
// page's own script, which opens a lesson's link, carries only this.

/** Whether a key belongs to the focused control (typing, a select, Space or Enter on a button). */
export function ownedByControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (target.getAttribute('role') === 'tab' && key !== ' ') return true;
  return (key === ' ' || key === 'Enter') && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY');
}

/** The presses of P held while a lesson loads (holdPresentKey), until its view takes them. */
let held: (() => number) | null = null;

/**
 * Holds presses of P (present) made while a lesson is still loading, before its view is there to
 * take them: a teacher who opens a lesson's link and presses P at once gets the presentation. The
 * presses made before the page's script ran were counted by the page's starter
 * (scripts/first-view.mjs), which hands them over here. Held until the lesson's view takes them
 * (takeHeldPresentKey) as it starts to listen itself, or a later hold replaces them.
 * @param doc the page's document, where the keys arrive
 */
export function holdPresentKey(doc: Document): void {
  takeHeldPresentKey();
  const handed = { presses: 0 };
  doc.dispatchEvent(new CustomEvent('fencelab:lesson-keys', { detail: handed }));
  let presses = handed.presses;
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || ownedByControl(event.target, event.key))
      return;
    if (event.key === 'p' || event.key === 'P') presses += 1;
  };
  doc.addEventListener('keydown', onKey);
  held = () => {
    doc.removeEventListener('keydown', onKey);
    return presses;
  };
}

/**
 * Stops holding presses of P, and says whether they switch the presentation (an odd number of
 * presses). False when none are held.
 */
export function takeHeldPresentKey(): boolean {
  const take = held;
  held = null;
  return take !== null && take() % 2 === 1;
}
