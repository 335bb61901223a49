// The one source of randomness: a seeded PRNG (splitmix32 to derive seeds, mulberry32 to draw).
// Invariant: the same seed gives the same sequence on every machine; nothing else in the engine
// may produce randomness, so a scenario's seed reproduces its trace exactly.

export interface Rng {
  /** A uniformly random unsigned 32-bit integer. */
  nextU32(): number;
  /** A uniformly random float in [0, 1). */
  nextFloat(): number;
  /** A uniformly random integer in [min, max] (inclusive). */
  nextInt(min: number, max: number): number;
  /** An independent generator that draws the same sequence from here on (a checkpoint's copy). */
  copy(): Rng;
}

/** Mixes a 32-bit value into a well-spread one; used to derive independent child seeds. */
function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A stable 32-bit hash of a name, so each subsystem gets its own stream from one seed. */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number, stream = ''): Rng {
  return fromState(splitmix32((seed >>> 0) ^ hashName(stream)));
}

function fromState(start: number): Rng {
  let state = start;
  const nextU32 = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const nextFloat = (): number => nextU32() / 4294967296;
  const nextInt = (min: number, max: number): number =>
    max <= min ? min : min + Math.floor(nextFloat() * (max - min + 1));
  return { nextU32, nextFloat, nextInt, copy: () => fromState(state) };
}
