// One run in the "Real servers" view: a heading and what it is, then the lab's own transport,
// narration (of this run's cursor), timeline and event table, all reading this run's store.
// Invariant: the panel owns its store's player, started on mount and stopped on unmount, so
// leaving the view leaves no frame loop behind.

import { useEffect, type ReactNode } from 'react';
import { Transport } from '../controls/Transport';
import { EventTable } from '../events/EventTable';
import { Narration } from '../narration/Narration';
import { LabProvider, useActions, useLab } from '../store/context';
import type { LabStore } from '../store/labStore';
import { startPlayer } from '../store/pacing/player';
import { defaultHeight } from '../timeline/geometry';
import { laneUnits } from '../timeline/lanes';
import { Timeline } from '../timeline/Timeline';

function RunTimeline({ label }: { label: string }) {
  const { trace, cursor } = useLab((s) => ({ trace: s.trace, cursor: s.cursor }));
  const { seek } = useActions();
  return (
    <section className="timeline" aria-label={label}>
      <Timeline
        trace={trace}
        cursor={cursor}
        onSeek={seek}
        height={defaultHeight(Math.max(3, laneUnits(trace.parties)), 64)}
      />
    </section>
  );
}

export interface RunPanelProps {
  store: LabStore;
  /** The panel's id, for its heading's and its region's names. */
  id: string;
  kind: 'recorded' | 'model';
  title: ReactNode;
  /** What this run is, under the heading. */
  children: ReactNode;
}

export function RunPanel({ store, id, kind, title, children }: RunPanelProps) {
  const run = kind === 'recorded' ? 'the recorded run' : "the model's run";
  useEffect(() => startPlayer(store), [store]);
  return (
    <LabProvider store={store}>
      <section className={`run-panel run-panel--${kind}`} aria-labelledby={`${id}-title`} data-run={kind}>
        <header className="run-panel__head">
          <p className="run-panel__badge">{kind === 'recorded' ? 'Recorded' : 'Model'}</p>
          <h2 id={`${id}-title`}>{title}</h2>
        </header>
        <div className="run-panel__about">{children}</div>
        <Transport label={`Playback of ${run}`} />
        <Narration label={`Narration of ${run}`} />
        <RunTimeline label={`Timeline of ${run}`} />
        <h3 className="section-title">Every step, in a table</h3>
        <EventTable label={`Event table of ${run}, scrollable`} />
      </section>
    </LabProvider>
  );
}
