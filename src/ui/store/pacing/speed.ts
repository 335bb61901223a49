// Playback speed on a log scale. Speed is a multiple of BASE_RATE, the virtual milliseconds that
// pass per real millisecond at 1x. Invariant: the speed is always one of SPEEDS.

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64] as const;
export type Speed = (typeof SPEEDS)[number];

/**
 * At 1x a virtual second takes five real seconds, so the canonical race (about 2.6 s of virtual
 * time) plays in about 13 s: slow enough to read each step. At 64x it plays in a fifth of a second.
 */
export const BASE_RATE = 0.2;

/** The speed in SPEEDS nearest to `value` on the log scale. */
export function nearestSpeed(value: number): Speed {
  if (!Number.isFinite(value) || value <= 0) return 1;
  let best: Speed = 1;
  for (const s of SPEEDS)
    if (Math.abs(Math.log2(s) - Math.log2(value)) < Math.abs(Math.log2(best) - Math.log2(value))) best = s;
  return best;
}

/** One notch faster (+1) or slower (-1), stopping at the ends. */
export function stepSpeed(speed: number, direction: 1 | -1): Speed {
  const i = SPEEDS.indexOf(nearestSpeed(speed));
  return SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i + direction))]!;
}

export function formatSpeed(speed: number): string {
  return `${speed}x`;
}
