// The write path every real system's client shares, whatever its lock protocol: carry the token
// on every write to every store (and with every side effect), queue writes asked for while the
// lock is being acquired, and note what the stores answer.
// Invariant: a client sends a write only while it believes it holds the lock; that belief is what
// pauses and partitions make wrong, and the store (or the lock service's guard) is the real fence.

import type { TokenValue } from '../../core/trace';
import type { Env, Message, Note, NoteOf } from '../../core/party';
import type { DetailOf } from '../../core/vocabulary';
import type { StopPolicy } from '../../core/defaults';
import { type EffectAction, type Enqueue, effect } from '../effects';

export interface WriterFields {
  /** When its application stops acting on the lock (core/defaults.ts, STOP_POLICIES). */
  stopActing: StopPolicy;
  /** Stores that receive `write.request` (the generic resource machine). */
  resources: string[];
  mailer: string | null;
  token: TokenValue;
  grantId: number | null;
  /** When the client's own clock says its grant is over; null when it believes it holds nothing. */
  believedUntilMs: number | null;
  seq: number;
  pendingWrites: string[];
  lastValue: string | null;
}

/** A write checked by the lock service itself (etcd's txn on the lock key, a QJM journal node). */
export interface GuardedWrite {
  to: string;
  type: string;
  fields: Record<string, unknown>;
}

export interface WriteReply {
  type: 'write.ack' | 'write.nack';
  from?: string;
  token: TokenValue;
  grantId: number;
  value: string;
  reason?: string;
}

/**
 * What a client hears: the scenario's commands, the stores' replies (`Reply`) and its own
 * system's messages and timers (`E`), each with the time and randomness of its step.
 */
export type ClientEvent<E, Reply = WriteReply> = { env: Env; from?: string } & (
  { type: 'cmd.acquire' } | { type: 'cmd.write'; value: string } | { type: 'cmd.release' } | Reply | E
);

// `seq` survives a lost or repeated grant: a client numbers its writes over its whole life, so a
// holder granted the same token again (a repeated grant) never reuses a number its store has
// already accepted, which the (token, seq) check would refuse.
export const noGrant = { token: null, grantId: null, believedUntilMs: null } as const;

export const writerDefaults = { ...noGrant, seq: 0, pendingWrites: [] as string[], lastValue: null };

/** Carry: one write's messages, its note, and the context patch (the client's write number). */
export function writeOut(
  ctx: WriterFields,
  value: string,
  guarded: GuardedWrite[] = [],
): { effects: EffectAction[]; patch: Partial<WriterFields> } {
  const seq = ctx.seq + 1;
  const payload = { token: ctx.token, grantId: ctx.grantId, seq, value };
  const effects: EffectAction[] = [];
  const targets: string[] = [];
  for (const g of guarded) {
    const msg: Message = { type: g.type, ...payload, ...g.fields };
    effects.push(effect.send(g.to, msg));
    targets.push(g.to);
  }
  for (const resource of ctx.resources) {
    effects.push(effect.send(resource, { type: 'write.request', ...payload }));
    targets.push(resource);
  }
  if (ctx.mailer) {
    effects.push(effect.send(ctx.mailer, { type: 'effect.request', ...payload }));
    targets.push(ctx.mailer);
  }
  effects.push(
    effect.note({
      kind: 'write.sent',
      parties: targets,
      token: ctx.token,
      grantId: ctx.grantId ?? undefined,
      detail: { value, seq },
    }),
  );
  return { effects, patch: { seq, lastValue: value } };
}

/** A write asked for while acquiring: it leaves as soon as the lock is held. */
function queueWrite(ctx: WriterFields, value: string): { effects: EffectAction[]; patch: Partial<WriterFields> } {
  return {
    effects: [effect.note({ kind: 'write.queued', detail: { value } })],
    patch: { pendingWrites: [...ctx.pendingWrites, value] },
  };
}

/** The queued writes, replayed as commands now that the lock is held. */
function flushWrites(ctx: WriterFields): EffectAction[] {
  return ctx.pendingWrites.map((value) => effect.self({ type: 'cmd.write', value }));
}

const skippedWrite = (value: string): Note => ({ kind: 'write.skipped', detail: { value } });

/** The writes queued for a lock the client no longer waits for, each dropped with `cause` (a step each). */
export const dropQueuedWrites = (ctx: Pick<WriterFields, 'pendingWrites'>, cause: string): Note[] =>
  ctx.pendingWrites.map((value) => ({ kind: 'write.skipped', detail: { value, cause } }));

export function replyNote(event: WriteReply, fenced = false): NoteOf<'write.acked'> | NoteOf<'write.refused'> {
  const base = { parties: [event.from ?? ''], token: event.token, grantId: event.grantId };
  if (event.type === 'write.ack') return { kind: 'write.acked', ...base, detail: { value: event.value } };
  return {
    kind: 'write.refused',
    ...base,
    detail: { reason: event.reason ?? '', value: event.value, ...(fenced ? { fenced: true } : {}) },
  };
}

/** The belief a grant starts: the token, its ghost id, and until when the client trusts it. */
export function takeGrant(
  token: TokenValue,
  grantId: number,
  believedUntilMs: number | null,
  lockService: string | string[],
  detail: DetailOf<'lock.acquired'> = {},
): { effects: EffectAction[]; patch: Partial<WriterFields> } {
  return {
    effects: [
      effect.note({
        kind: 'lock.acquired',
        parties: typeof lockService === 'string' ? [lockService] : lockService,
        token,
        grantId,
        detail: { ...(believedUntilMs !== null ? { believedUntilMs } : {}), ...detail },
      }),
    ],
    patch: { token, grantId, believedUntilMs },
  };
}

/** The belief ends (by the client's own clock, or because it was told): it stops writing. */
export function lapse(ctx: WriterFields, cause: string): NoteOf<'lease.lapsed'> {
  return { kind: 'lease.lapsed', token: ctx.token, grantId: ctx.grantId ?? undefined, detail: { cause } };
}

/** The library has lost the lease or session, but the application is never told (stop policy
 * `never`): it keeps its token and goes on writing. */
export function lost(ctx: WriterFields, cause: string, parties: string[] = []): NoteOf<'lease.lost'> {
  return { kind: 'lease.lost', parties, token: ctx.token, grantId: ctx.grantId ?? undefined, detail: { cause } };
}

/** Whether a loss the library notices leaves the application acting: it holds a grant and is never told. */
export const carriesOn = ({ context }: { context: WriterFields }): boolean =>
  context.stopActing === 'never' && context.grantId !== null;

/** Whether the application stops before its library says the lock is lost, and holds a grant now. */
export const stopsEarly = ({ context }: { context: WriterFields }): boolean =>
  (context.stopActing === 'first-doubt' || context.stopActing === 'renew-deadline') && context.grantId !== null;

/**
 * When the application stops acting, on its own clock (ms), given when its library expects the
 * lease to end (`libraryUntilMs`) and the lease's length: at that end (`lost`, `first-doubt`,
 * which may stop sooner on a missed renewal), a third of the lease before it (`renew-deadline`),
 * or never (null).
 */
export function actingUntil(policy: StopPolicy, libraryUntilMs: number, leaseMs: number): number | null {
  if (policy === 'never') return null;
  if (policy === 'renew-deadline') return libraryUntilMs - Math.floor(leaseMs / 3);
  return libraryUntilMs;
}

/** Why an application stopped before its library said the lock was lost, for its lapse note. */
export const EARLY_STOP = {
  'first-doubt': 'it stops at the first sign of trouble',
  'renew-deadline': 'its renew deadline passed, a third of the lease before the lease would end',
  /** A renew deadline where nothing renews: a safety margin. */
  margin: 'it stops a third of the lease early, as a safety margin',
} as const;

/** Holding: send the write of `value` to every store (and `guarded`, checked by the lock service itself). */
export function enqueueWrite(
  enqueue: Enqueue<WriterFields>,
  context: WriterFields,
  value: string,
  guarded: GuardedWrite[] = [],
): void {
  const out = writeOut(context, value, guarded);
  enqueue.assign(out.patch);
  for (const e of out.effects) enqueue(e);
}

/** Acquiring: keep the write until the lock is held. */
export function enqueueQueuedWrite(enqueue: Enqueue<WriterFields>, context: WriterFields, value: string): void {
  const out = queueWrite(context, value);
  enqueue.assign(out.patch);
  for (const e of out.effects) enqueue(e);
}

/** Take the grant `g` (from takeGrant) with the client's own fields, then send the queued writes. */
export function enqueueGrant<C extends WriterFields>(
  enqueue: Enqueue<C>,
  context: C,
  g: { effects: EffectAction[]; patch: Partial<WriterFields> },
  fields: Partial<C> = {},
): void {
  enqueue.assign({ ...g.patch, ...fields, pendingWrites: [] });
  for (const e of [...g.effects, ...flushWrites(context)]) enqueue(e);
}

/** Note actions every client's transitions share. */
export const noteReply = {
  type: 'note',
  params: ({ event }: { event: unknown }) => replyNote(event as WriteReply),
} as const;
export const noteFencedReply = {
  type: 'note',
  params: ({ event }: { event: unknown }) => replyNote(event as WriteReply, true),
} as const;
export const noteSkippedWrite = {
  type: 'note',
  params: ({ event }: { event: { value: string } }) => skippedWrite(event.value),
} as const;

/** A second acquire, or a release with nothing held, changes nothing: the trace says so. */
export const skipOn = {
  'cmd.acquire': { actions: { type: 'note', params: { kind: 'acquire.skipped' } } },
  'cmd.release': { actions: { type: 'note', params: { kind: 'release.skipped' } } },
} as const;

/**
 * Events a client answers the same way in any state (its states override them): store replies are
 * noted, a second acquire or a release with nothing held is skipped, and a write asked for while
 * the lock is being acquired is queued.
 */
export const clientOn = {
  'write.ack': { actions: noteReply },
  'write.nack': { actions: noteReply },
  ...skipOn,
  'cmd.write': { actions: 'queueWrite' },
} as const;
