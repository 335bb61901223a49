// Reading untyped JSON one field at a time: each reader checks a value's type and range and names
// the field by its path ("actions[3].client") when it is wrong. validate.ts builds the scenario's
// schema from them. Invariant: a reader returns a value of its type or throws Invalid; nothing
// here recurses into a value, so any depth of input is safe.

/** A problem at `path` of the input: validation stops at the first one. */
export class Invalid extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** A found value, quoted short for a message: at most 40 characters, whatever its size or depth. */
export const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  // JSON reads 1e400 as Infinity, which JSON.stringify would write as null.
  if (typeof v === 'number' && !Number.isFinite(v)) return 'a number too large to hold';
  let s: string;
  try {
    s = JSON.stringify(v);
  } catch {
    // Nested thousands deep, a value cannot even be written out: say what it is instead.
    return Array.isArray(v) ? 'a list nested too deeply to show' : 'a value nested too deeply to show';
  }
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
};

export type Obj = Record<string, unknown>;

export function object(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Invalid(path, `expected an object, got ${show(v)}`);
  return v as Obj;
}

export function onlyKeys(o: Obj, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) {
      throw new Invalid(join(path, key), `unknown field (expected one of ${allowed.map((k) => `"${k}"`).join(', ')})`);
    }
  }
}

export const join = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

export function int(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new Invalid(path, `expected a whole number from ${min} to ${max}, got ${show(v)}`);
  }
  return v;
}

export function num(v: unknown, path: string, min: number, maxExclusive: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v >= maxExclusive) {
    throw new Invalid(path, `expected a number at least ${min} and below ${maxExclusive}, got ${show(v)}`);
  }
  return v;
}

export function str(v: unknown, path: string, maxLength: number): string {
  if (typeof v !== 'string' || v.length > maxLength) {
    throw new Invalid(path, `expected text of at most ${maxLength} characters, got ${show(v)}`);
  }
  return v;
}

export function oneOf<T extends string>(v: unknown, path: string, options: readonly T[]): T {
  if (typeof v !== 'string' || !options.includes(v as T)) {
    throw new Invalid(path, `expected one of ${options.map((o) => `"${o}"`).join(', ')}, got ${show(v)}`);
  }
  return v as T;
}

export function bool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') throw new Invalid(path, `expected true or false, got ${show(v)}`);
  return v;
}

/** A list of at most `max` items, each read by `each` at its own path (absent: empty). */
export function list<T>(v: unknown, path: string, max: number, each: (item: unknown, path: string) => T): T[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new Invalid(path, `expected a list, got ${show(v)}`);
  if (v.length > max) throw new Invalid(path, `expected at most ${max} entries, got ${v.length}`);
  return v.map((item, i) => each(item, join(path, i)));
}
