// A trace crosses from a worker to the page in pieces: one message for everything but the steps
// and message records, then those in slices. The page reads each slice in its own task, so a
// 40,000-step trace never holds the main thread for long (the structured clone of all its steps
// at once takes over half a second). Invariant: assemble(slices of t) deep-equals t.

import type { Trace } from '../../engine';
import type { ComparisonRow } from '../../engine/surfaces/comparison';

/** Steps per slice: a slice of steps takes the page about 15–30 ms to read. */
const STEPS_PER_SLICE = 1500;
/** Message records per slice (they are smaller than steps). */
const MESSAGES_PER_SLICE = 5000;

export type TraceHead = Omit<Trace, 'steps' | 'messages'> & { stepCount: number; messageCount: number };

export type TraceSlice = { kind: 'steps'; items: Trace['steps'] } | { kind: 'messages'; items: Trace['messages'] };

/** The pieces a trace is sent in: its head, then its steps and message records in slices. */
export function sliceTrace(trace: Trace): { head: TraceHead; slices: TraceSlice[] } {
  const { steps, messages, ...rest } = trace;
  const slices: TraceSlice[] = [];
  for (let i = 0; i < steps.length; i += STEPS_PER_SLICE)
    slices.push({ kind: 'steps', items: steps.slice(i, i + STEPS_PER_SLICE) });
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SLICE)
    slices.push({ kind: 'messages', items: messages.slice(i, i + MESSAGES_PER_SLICE) });
  return { head: { ...rest, stepCount: steps.length, messageCount: messages.length }, slices };
}

/** Builds a trace back from its head and slices, in any number of calls to add(). */
export class TraceAssembly {
  private readonly steps: Trace['steps'] = [];
  private readonly messages: Trace['messages'] = [];

  constructor(private readonly head: TraceHead) {}

  add(slice: TraceSlice): void {
    if (slice.kind === 'steps') for (const s of slice.items) this.steps.push(s);
    else for (const m of slice.items) this.messages.push(m);
  }

  /** The trace, once every slice has come; null before. */
  done(): Trace | null {
    const h = this.head;
    if (this.steps.length !== h.stepCount || this.messages.length !== h.messageCount) return null;
    // In simulate()'s own key order, so an exported trace is byte for byte what the CLI writes.
    return {
      format: h.format,
      version: h.version,
      scenario: h.scenario,
      knobs: h.knobs,
      parties: h.parties,
      steps: this.steps,
      messages: this.messages,
      heartbeats: h.heartbeats,
      renewals: h.renewals,
      leases: h.leases,
      pauses: h.pauses,
      verdict: h.verdict,
      truncated: h.truncated,
      endMs: h.endMs,
    };
  }
}

/** A comparison row as the page shows it: without its trace, which stays in the worker. */
export type RowSummary = Omit<ComparisonRow, 'trace'>;

export const summaryOf = ({ trace: _trace, ...row }: ComparisonRow): RowSummary => row;

/** Page → timeline worker. */
export interface RunRequest {
  type: 'run';
  id: number;
  scenario: Trace['scenario'];
}

/** Timeline worker → page. */
export type RunReply =
  | { type: 'head'; id: number; head: TraceHead; resumedFromMs: number | null }
  | { type: 'slice'; id: number; slice: TraceSlice }
  | { type: 'failed'; id: number; message: string };

/** Page → comparison worker: the scenario to compare, then which strategy (by its place in
 * STRATEGIES) to run it under next. */
export type CompareRequest = { type: 'scenario'; scenario: Trace['scenario'] } | { type: 'row'; index: number };

/** Comparison worker → page: the row of the strategy it was asked for. */
export type CompareReply = { type: 'row'; index: number; row: RowSummary } | { type: 'failed'; message: string };
