// Seeded mutations for the fuzz suite (scripts/fuzz.test.ts): a document (parsed JSON) changed
// at a few places, a link's text cut and spliced, with values chosen to hurt (wrong types, edges
// of ranges, huge and hostile text, prototype keys), and the tally each surface keeps of what came
// of them. Invariant: a mutation never changes its input (each works on a copy), and the same
// draw gives the same mutation.

import fc from 'fast-check';

/** Values that break parsers: wrong types, the edges of ranges, hostile and huge text. */
const NASTY: readonly unknown[] = [
  -1,
  0,
  1,
  2,
  7,
  33,
  0.5,
  -0,
  1e9,
  -1e9,
  Number.MAX_SAFE_INTEGER,
  1e308,
  '',
  ' ',
  't6',
  'start',
  'Client1',
  'LockService',
  'fencing',
  'zookeeper',
  'etcd',
  'redlock',
  '__proto__',
  'constructor',
  'x %%%{init: {"theme":"dark"}}%%%',
  '<script>alert(1)</script>',
  '\u0000\uFEFF\uD800',
  '9'.repeat(40),
  'x'.repeat(3000),
  null,
  true,
  false,
  [],
  {},
  [[[[[[[[[[[]]]]]]]]]]],
  JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
];

/** A value to put somewhere: a nasty one, a small number (cheap runs), or short text. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.integer({ min: -5, max: 3000 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** One change to a document: at the `at`-th place in it (modulo how many it has). */
interface Edit {
  at: number;
  op: 'set' | 'delete' | 'add' | 'copy';
  key: string;
  value: unknown;
}

export const edits: fc.Arbitrary<Edit[]> = fc.array(
  fc.record({
    at: fc.nat(),
    op: fc.constantFrom('set', 'set', 'delete', 'add', 'copy'),
    key: fc.oneof(
      fc.constantFrom('atMs', 'type', 'client', 'at', 'token', 'format', 'version', 'x'),
      fc.string({ maxLength: 6 }),
    ),
    value,
  }),
  { minLength: 1, maxLength: 4 },
);

/**
 * Changes a document could well have: a small number or a name it uses, put in place of a value,
 * or an entry copied or dropped. Most such documents are still valid, so they reach what runs them.
 */
export const mildEdits: fc.Arbitrary<Edit[]> = fc.array(
  fc.record({
    at: fc.nat(),
    op: fc.constantFrom('set', 'set', 'set', 'copy', 'delete'),
    key: fc.constant('x'),
    value: fc.oneof(
      fc.integer({ min: 0, max: 2500 }),
      fc.constantFrom('Client1', 'Client2', 'Client3', 'LockService', 'Storage', 't6', 'pause', 'write', 'acquire'),
      fc.boolean(),
    ),
  }),
  { minLength: 1, maxLength: 3 },
);

type Container = Record<string, unknown> | unknown[];

/** Every object and list in `doc`, with the keys each has, in a fixed order. */
function places(doc: unknown): { holder: Container; key: string | number }[] {
  const out: { holder: Container; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((item, i) => (out.push({ holder: v, key: i }), walk(item)));
    else if (v !== null && typeof v === 'object')
      for (const [key, item] of Object.entries(v)) {
        out.push({ holder: v as Record<string, unknown>, key });
        walk(item);
      }
  };
  walk(doc);
  return out;
}

/** `doc` (parsed JSON) with `changes` made to a copy of it. */
export function mutate(doc: unknown, changes: readonly Edit[]): unknown {
  const copy: unknown = structuredClone(doc);
  for (const change of changes) {
    const all = places(copy);
    if (all.length === 0) return change.value;
    const { holder, key } = all[change.at % all.length]!;
    const h = holder as Record<string | number, unknown>;
    if (change.op === 'set') h[key] = change.value;
    else if (change.op === 'delete') {
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else delete h[key];
    } else if (change.op === 'copy') {
      if (Array.isArray(holder)) holder.push(structuredClone(holder[Number(key)]));
      else h[change.key] = structuredClone(h[key]);
    } else if (Array.isArray(holder)) holder.splice(Number(key), 0, change.value);
    else
      Object.defineProperty(h, change.key, {
        value: change.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return copy;
}

/** Pieces a link is spliced with: its own separators, escapes good and bad, keys it takes. */
const LINK_PIECES = [
  '&',
  '=',
  '#',
  '%',
  '%25',
  '%E0%A4%A',
  '%00',
  '+',
  'embed&',
  'step=1',
  'step=t6',
  'step=',
  'show=',
  'show=cards',
  's=',
  'preset=',
  'preset=canonical-race',
  'strategy=zookeeper',
  'own=99',
  'origin=https%3A%2F%2Fdocs.example',
  'lesson=fencing-tokens',
  'recording=',
  'AAAA',
  '%%%{init}',
  'x'.repeat(300),
];

/** One change to a link's text: cut at `at`, drop `drop` characters, put a piece in. */
export const linkEdits = fc.array(
  fc.record({
    at: fc.nat(),
    drop: fc.nat({ max: 8 }),
    piece: fc.oneof(fc.constantFrom(...LINK_PIECES), fc.string({ maxLength: 5 })),
  }),
  { minLength: 1, maxLength: 4 },
);

export function mutateLink(link: string, changes: readonly { at: number; drop: number; piece: string }[]): string {
  let text = link;
  for (const { at, drop, piece } of changes) {
    const i = at % (text.length + 1);
    text = text.slice(0, i) + piece + text.slice(i + drop);
  }
  return text;
}

/** What came of a surface's inputs: refused in words (clean), taken (valid), or neither. */
export interface Tally {
  tried: number;
  clean: number;
  valid: number;
  failures: string[];
}

export const tallies = new Map<string, Tally>();

/** Counts one input of `surface` as `outcome`; a failure keeps its description (the first 20). */
export function count(surface: string, outcome: 'clean' | 'valid' | { failure: string }): void {
  const t = tallies.get(surface) ?? { tried: 0, clean: 0, valid: 0, failures: [] };
  tallies.set(surface, t);
  t.tried += 1;
  if (outcome === 'clean') t.clean += 1;
  else if (outcome === 'valid') t.valid += 1;
  else t.failures.push(outcome.failure);
}

/** The tally as a table, one row a surface. */
export function tallyTable(): string {
  const rows = [...tallies].map(([surface, t]) =>
    [surface.padEnd(34), ...[t.tried, t.clean, t.valid, t.failures.length].map((n) => String(n).padStart(7))].join(''),
  );
  return [
    ['surface'.padEnd(34), ...['tried', 'clean', 'valid', 'failed'].map((h) => h.padStart(7))].join(''),
    ...rows,
  ].join('\n');
}

/**
 * Whether `message` is words for a person: text, of a sensible length, with no trace of the
 * program's insides (an exception's own words, "undefined", a stack).
 */
export function isCleanMessage(message: unknown, maxChars = 600): boolean {
  if (typeof message !== 'string' || message.trim() === '' || message.length > maxChars) return false;
  // What it quotes of the input may say anything; the rest is the program's own words.
  const own = message.replace(/"[^"]*"/g, '""');
  return !/\bundefined\b|\[object Object\]|Cannot read prop|is not a function|is not iterable|Maximum call stack|\n\s+at /.test(
    own,
  );
}
