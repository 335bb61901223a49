// The run so far: a trace cut at the cursor, for views that must not give away what happens next
// (lessons ask "accepted or refused?" before the step that answers it). Invariant: nothing in the
// cut trace comes from after the cursor's step: no later step, no message's later arrival or loss,
// no lease's later end or belief, no pause's later wake-up; the whole-run verdict is left out (the
// views show it only at the last step). Pure: a read of the trace.

import type { MessageRecord, Trace } from '../../engine';

const HIDDEN_VERDICT: Trace['verdict'] = {
  ok: true,
  tokensIssued: [],
  tokensMonotonic: true,
  staleWriteAccepted: null,
  staleWritesAccepted: 0,
  staleWritesRejected: 0,
  rightfulWriteRejected: null,
  rightfulWritesRejected: 0,
  violations: [],
};

/** `trace` as it stood right after step `cursor`: its end is that step's time. */
export function traceSoFar(trace: Trace, cursor: number): Trace {
  if (cursor >= trace.steps.length - 1) return trace;
  const steps = trace.steps.slice(0, Math.max(0, cursor) + 1);
  const nowMs = steps.at(-1)?.timeMs ?? 0;
  const last = steps.length - 1;
  const messages: MessageRecord[] = [];
  for (const m of trace.messages) {
    if (m.sentStep > last) continue;
    const settledBy = m.deliveredStep ?? (m.status === 'in-flight' ? Infinity : m.deliverMs <= nowMs ? last : Infinity);
    // A loss is known at its time; an arrival at its step. Until then the message is in flight.
    messages.push(settledBy <= last ? m : { ...m, status: 'in-flight', deliveredStep: null });
  }
  return {
    ...trace,
    steps,
    messages,
    leases: trace.leases
      .filter((l) => l.grantedMs <= nowMs)
      .map((l) => ({
        ...l,
        endedMs: l.endedMs !== null && l.endedMs <= nowMs ? l.endedMs : null,
        endReason: l.endedMs !== null && l.endedMs <= nowMs ? l.endReason : null,
        believedFromMs: l.believedFromMs !== null && l.believedFromMs <= nowMs ? l.believedFromMs : null,
        believedUntilMs: l.believedUntilMs !== null && l.believedUntilMs <= nowMs ? l.believedUntilMs : null,
      })),
    pauses: trace.pauses
      .filter((p) => p.fromMs <= nowMs)
      .map((p) => (p.toMs !== null && p.toMs <= nowMs ? p : { ...p, toMs: null })),
    verdict: HIDDEN_VERDICT,
    endMs: nowMs,
  };
}
