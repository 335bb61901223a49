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

/** A hold on the presses of P made while a lesson loads (holdPresentKey). */
export interface PresentKeyHold {
  /** Stops holding; whether the presses switch the presentation (an odd number of them). */
  take(): boolean;
}

/** The hold the lesson's view takes as it starts to listen, if any. */
let held: PresentKeyHold | null = null;
/** How many lesson views are listening for keys themselves (LessonView; StrictMode may mount twice). */
let listening = 0;

/**
 * Holds presses of P (present) made while a lesson is still loading, before its view is there to
 * take them: a teacher who opens a lesson's link and presses P at once gets the presentation. The
 * presses made before the page's script ran were counted by the page's starter
 * (boot/starter.ts), which hands them over here. Held until the lesson's view takes them
 * (takeHeldPresentKey) as it starts to listen itself; a later hold replaces this one.
 * @param doc the page's document, where the keys arrive
 * @returns the hold, for the opener to drop (take) if the lesson does not open; null when a
 *   lesson's view is listening already (a link opened over a lesson), which takes P itself
 */
export function holdPresentKey(doc: Document): PresentKeyHold | null {
  held?.take();
  const handed = { presses: 0 };
  doc.dispatchEvent(new CustomEvent('fencelab:lesson-keys', { detail: handed }));
  if (listening > 0) return null;
  let presses = handed.presses;
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || ownedByControl(event.target, event.key))
      return;
    if (event.key === 'p' || event.key === 'P') presses += 1;
  };
  doc.addEventListener('keydown', onKey);
  let taken = false;
  const hold: PresentKeyHold = {
    take() {
      if (held === hold) held = null;
      if (taken) return false;
      taken = true;
      doc.removeEventListener('keydown', onKey);
      return presses % 2 === 1;
    },
  };
  held = hold;
  return hold;
}

/**
 * For a lesson's view, as it starts to listen for keys itself: takes the held presses of P (see
 * holdPresentKey) and says whether they switch the presentation; from now until `stop` is called
 * no hold is made (the view takes P itself).
 * @returns whether to switch the presentation, and stop(), for when the view stops listening
 */
export function takeHeldPresentKey(): { switchPresenting: boolean; stop: () => void } {
  listening += 1;
  const switchPresenting = held?.take() ?? false;
  let stopped = false;
  return {
    switchPresenting,
    stop: () => {
      if (!stopped) listening -= 1;
      stopped = true;
    },
  };
}
