// The interventions a user can make at the cursor, and the fields each needs. Built from the
// parties of the current trace, so new strategies' parties appear without changes here.
// Invariant: build() returns an action the engine's validator accepts for those parties.

import type { PartyInfo } from '../../engine';
import type { Intervention } from '../store/labStore';

export type FieldKind = 'client' | 'server' | 'party' | 'otherParty' | 'ms' | 'optionalMs' | 'signedMs' | 'text';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  initial: string;
  /** For a party field: pick the first party of this kind unless the user chose. */
  prefer?: PartyInfo['kind'];
}

export interface InterventionKind {
  id: string;
  label: string;
  fields: FieldSpec[];
  build(values: Record<string, string>): Intervention;
}

const client = (label = 'Client'): FieldSpec => ({ name: 'client', label, kind: 'client', initial: '' });
const ms = (v: Record<string, string>, key: string) => Number(v[key]);
const optionalMs = (v: Record<string, string>, key: string) => (v[key]?.trim() ? Number(v[key]) : undefined);

export const INTERVENTIONS: InterventionKind[] = [
  {
    id: 'pause',
    label: 'Pause a client (GC pause)',
    fields: [
      client(),
      { name: 'durationMs', label: 'For (ms, empty = until resumed)', kind: 'optionalMs', initial: '2000' },
    ],
    build: (v) => {
      const durationMs = optionalMs(v, 'durationMs');
      return durationMs === undefined
        ? { type: 'pause', client: v.client! }
        : { type: 'pause', client: v.client!, durationMs };
    },
  },
  { id: 'resume', label: 'Resume a client', fields: [client()], build: (v) => ({ type: 'resume', client: v.client! }) },
  { id: 'expireLease', label: 'Expire the lease now', fields: [], build: () => ({ type: 'expireLease' }) },
  {
    id: 'acquire',
    label: 'Make a client acquire the lock',
    fields: [client()],
    build: (v) => ({ type: 'acquire', client: v.client! }),
  },
  {
    id: 'write',
    label: 'Make a client write now',
    fields: [client(), { name: 'value', label: 'Value', kind: 'text', initial: 'Z' }],
    build: (v) => ({ type: 'write', client: v.client!, value: v.value ?? '' }),
  },
  {
    id: 'release',
    label: 'Make a client release the lock',
    fields: [client()],
    build: (v) => ({ type: 'release', client: v.client! }),
  },
  {
    id: 'crash',
    label: 'Crash a server (lock service or store)',
    fields: [
      { name: 'party', label: 'Server', kind: 'server', initial: '' },
      { name: 'restartAfterMs', label: 'Restart after (ms, empty = stays down)', kind: 'optionalMs', initial: '' },
    ],
    build: (v) => {
      const restartAfterMs = optionalMs(v, 'restartAfterMs');
      return restartAfterMs === undefined
        ? { type: 'crash', party: v.party! }
        : { type: 'crash', party: v.party!, restartAfterMs };
    },
  },
  {
    id: 'restart',
    label: 'Restart a server',
    fields: [{ name: 'party', label: 'Server', kind: 'server', initial: '' }],
    build: (v) => ({ type: 'restart', party: v.party! }),
  },
  {
    id: 'partition',
    label: 'Cut the network between two parties',
    fields: [
      { name: 'a', label: 'Between', kind: 'party', initial: '', prefer: 'client' },
      { name: 'b', label: 'And', kind: 'otherParty', initial: '', prefer: 'lock' },
    ],
    build: (v) => ({ type: 'partition', a: v.a!, b: v.b! }),
  },
  {
    id: 'heal',
    label: 'Heal the network between two parties',
    fields: [
      { name: 'a', label: 'Between', kind: 'party', initial: '', prefer: 'client' },
      { name: 'b', label: 'And', kind: 'otherParty', initial: '', prefer: 'lock' },
    ],
    build: (v) => ({ type: 'heal', a: v.a!, b: v.b! }),
  },
  {
    id: 'delay',
    label: 'Delay the next message',
    fields: [
      { name: 'from', label: 'From', kind: 'party', initial: '', prefer: 'client' },
      { name: 'to', label: 'To', kind: 'otherParty', initial: '', prefer: 'resource' },
      { name: 'extraMs', label: 'Extra delay (ms)', kind: 'ms', initial: '1500' },
    ],
    build: (v) => ({ type: 'delay', from: v.from!, to: v.to!, extraMs: ms(v, 'extraMs') }),
  },
  {
    id: 'clockJump',
    label: "Jump a party's clock",
    fields: [
      { name: 'party', label: 'Party', kind: 'party', initial: '' },
      { name: 'deltaMs', label: 'By (ms, negative = back)', kind: 'signedMs', initial: '-2000' },
    ],
    build: (v) => ({ type: 'clockJump', party: v.party!, deltaMs: ms(v, 'deltaMs') }),
  },
];

/** The choices for a party field, given the parties of the trace and the values chosen so far. */
export function optionsFor(field: FieldSpec, parties: PartyInfo[], values: Record<string, string>): string[] {
  const ids = parties.map((p) => p.id);
  switch (field.kind) {
    case 'client':
      return parties.filter((p) => p.kind === 'client').map((p) => p.id);
    case 'server':
      return parties.filter((p) => p.kind !== 'client').map((p) => p.id);
    case 'party':
      return ids;
    case 'otherParty': {
      const first = values.a ?? values.from;
      return ids.filter((id) => id !== first);
    }
    default:
      return [];
  }
}

/** The value a field has: the user's choice if still valid, else its preferred or first option. */
export function valueOf(field: FieldSpec, parties: PartyInfo[], values: Record<string, string>): string {
  const chosen = values[field.name];
  const options = optionsFor(field, parties, values);
  if (options.length === 0) return chosen ?? field.initial;
  if (chosen !== undefined && options.includes(chosen)) return chosen;
  const kindOf = new Map(parties.map((p) => [p.id, p.kind]));
  return options.find((id) => field.prefer && kindOf.get(id) === field.prefer) ?? options[0]!;
}

/** A problem with a field's text, in words, or null. */
export function numberProblem(field: FieldSpec, text: string): string | null {
  const t = text.trim();
  if (field.kind === 'text' && t === '') return 'Enter a value to write.';
  if (field.kind === 'optionalMs' && t === '') return null;
  if (field.kind === 'ms' || field.kind === 'optionalMs' || field.kind === 'signedMs') {
    if (!/^-?\d+$/.test(t)) return 'Enter a whole number of milliseconds.';
    const n = Number(t);
    if (field.kind === 'optionalMs' && n < 1) return 'Enter at least 1 ms, or leave it empty.';
    if (field.kind === 'ms' && n < 0) return 'Enter 0 ms or more.';
    if (Math.abs(n) > 100_000_000) return 'Enter at most 100,000,000 ms.';
  }
  return null;
}
