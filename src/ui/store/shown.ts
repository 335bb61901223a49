// The trace the views draw: the whole run, or with "hide what has not happened yet" on, the run so
// far (reveal.ts). Invariant: every view that could give the future away reads its trace here.

import { useLab } from './context';
import { traceSoFar } from './reveal';
import type { Trace } from '../../engine';

/** The last cut made, so the views that ask at one cursor share one. */
let cache: { trace: Trace; cursor: number; cut: Trace } | null = null;

function cutAt(trace: Trace, cursor: number): Trace {
  if (cache?.trace !== trace || cache.cursor !== cursor) cache = { trace, cursor, cut: traceSoFar(trace, cursor) };
  return cache.cut;
}

/** The trace to draw and whether it is cut short (the whole-run verdict is then not known yet). */
export function useShownTrace(): { trace: Trace; hidden: boolean; fullTrace: Trace } {
  const { trace, cursor, hide } = useLab((s) => ({ trace: s.trace, cursor: s.cursor, hide: s.hideFuture }));
  const shown = hide ? cutAt(trace, cursor) : trace;
  return { trace: shown, hidden: shown !== trace, fullTrace: trace };
}
