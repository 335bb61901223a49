// Seconds as a person types them ("30", "0.5", "2,5") and the whole milliseconds the engine takes.
// Invariant: pure; a text that is not a plain number reads as null, never as 0.

const NUMBER = /^-?(\d+([.,]\d*)?|[.,]\d+)$/;

/** The text as whole milliseconds, or null when it is not a number of seconds. */
export function msFromSeconds(text: string): number | null {
  const t = text.trim();
  if (!NUMBER.test(t)) return null;
  // Math.round(-0.0001 * 1000) is -0: say 0.
  return Math.round(Number(t.replace(',', '.')) * 1000) || 0;
}

/** Why the text is not a number of seconds, or null. Ranges are the engine's to judge. */
export function secondsProblem(text: string): string | null {
  if (text.trim() === '') return 'Enter a number of seconds.';
  return msFromSeconds(text) === null ? 'Enter a number of seconds, such as 30 or 0.5.' : null;
}

/** Milliseconds as the seconds a field shows: 30000 → "30", 1500 → "1.5". */
export const secondsOf = (ms: number): string => String(ms / 1000);
