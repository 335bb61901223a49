// The "Real servers" view: the races recorded against real etcd, ZooKeeper and Redis, each shown
// as it happened (the recorder's observations as a trace) and as the lab's model runs the same
// schedule, with where the two differ in plain words. Loaded lazily (Root.tsx), so the lab's
// first load does not pay for it; the model's code is fetched with the first recording opened.
// Invariant: a recording that fails to load or is malformed (or whose model cannot be fetched)
// changes nothing that was shown before; the view says why in one sentence, and which of three it
// was: the file (or the model's code) could not be fetched, the file is not a valid recording, or
// the recording could not be drawn (DrawingBoundary).

import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { aboutStrategy, findStrategy, type Simulator } from '../../engine';
import { scenarioFor, type Recording } from '../../engine/surfaces/recorded';
import { recordedDifferences } from './trace/differences';
import { recordingToTrace } from './trace/toTrace';
import { CATALOG } from './catalog';
import { loadRecording } from './load';
import { recordedRoute, type RecordedRoute } from './route';
import { RunPanel } from './RunPanel';
import { viewingStore } from './viewStore';
import { PAGE_CODE, type CodeLoader } from '../store/code/loading';
import { MeasuredNote } from './MeasuredNote';
import { DrawingBoundary } from './DrawingBoundary';
import { adoptStyles } from '../styles/adopt';
import styles from './recorded.css?inline';

// This view's own styles, with its code (styles/adopt.ts).
adoptStyles(styles);

/** Both runs of one recording, built once per recording. */
function useRuns(rec: Recording, simulator: Simulator) {
  return useMemo(() => {
    const { trace, skipped } = recordingToTrace(rec);
    const model = simulator.simulate(scenarioFor(rec));
    return {
      recorded: viewingStore(trace),
      model: viewingStore(model),
      skipped,
      differences: recordedDifferences(rec, model),
      simplification: aboutStrategy(rec.schedule.strategy)?.simplification ?? '',
    };
  }, [rec, simulator]);
}

const day = (iso: string) => iso.slice(0, 10);

function Recorded({ rec, simulator }: { rec: Recording; simulator: Simulator }) {
  const runs = useRuns(rec, simulator);
  return (
    <article className="recorded-runs" aria-label={rec.title}>
      <h2 className="recorded-title">{rec.title}</h2>
      <section className="panel recorded-differences" aria-labelledby="differences-title">
        <h3 id="differences-title">Where the real run and the model differ</h3>
        <ul>
          {runs.differences.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        <h3>What the model leaves out (“modelled simply”)</h3>
        <p className="recorded-simplification">{runs.simplification}</p>
      </section>
      <div className="recorded-pair">
        <RunPanel
          store={runs.recorded}
          id="run-recorded"
          kind="recorded"
          title={
            <>
              Recorded on {rec.server.name} {rec.server.version}, <span className="nowrap">{day(rec.recordedAt)}</span>
            </>
          }
        >
          <p>
            <strong>What was measured:</strong> {rec.measured}
          </p>
          <MeasuredNote rec={rec} skipped={runs.skipped} />
        </RunPanel>
        <RunPanel store={runs.model} id="run-model" kind="model" title="The lab's model of the same schedule">
          <p>
            The same actions at the same times (who asks for the lock, who freezes, who writes), run by the lab’s
            simulation of {findStrategy(rec.schedule.strategy)?.name ?? rec.schedule.strategy}: a network of 2 to 8 ms,
            every clock exact. Its tokens start where the lab’s runs always start (33), not where a fresh server does.
          </p>
        </RunPanel>
      </div>
    </article>
  );
}

export interface RecordedViewProps {
  route?: RecordedRoute;
  /** Injected by tests; the browser's fetch by default. */
  load?: typeof loadRecording;
  /** What runs the model's side: the page's code, every model fetched with the first recording. */
  code?: Pick<CodeLoader, 'loadAll'>;
}

/** What a page says when the model's code cannot be fetched. */
const NO_MODEL =
  'the page could not fetch the lab’s model (offline, or the site was updated since the page was opened: reload it).';

/** The recording on screen, with the simulator that ran the model's side of it. */
interface Shown {
  rec: Recording;
  simulator: Simulator;
}

/**
 * Opens recording `id` (the recording and every model fetched together): the one on screen, the
 * one being opened, and why the last one asked for could not be (a failure leaves `shown` as it was).
 */
function useRecording(id: string | null, load: typeof loadRecording, code: Pick<CodeLoader, 'loadAll'>) {
  const [shown, setShown] = useState<Shown | null>(null);
  /** The last recording asked for that has answered, and its error if it failed. */
  const [settled, setSettled] = useState<{ id: string; error: string | null } | null>(null);
  const loading = id !== null && id !== shown?.rec.id && settled?.id !== id ? id : null;
  const error = settled !== null && settled.id === id ? settled.error : null;

  useEffect(() => {
    if (loading === null) return;
    let live = true;
    // The model's code is fetched alongside the recording, not after it.
    const models = code.loadAll().catch(() => null);
    void Promise.all([load(loading), models]).then(([result, simulator]) => {
      if (!live) return;
      const error = !result.ok
        ? result.message
        : simulator
          ? null
          : `The recording "${loading}" could not be opened: ${NO_MODEL}`;
      if (result.ok && simulator) setShown({ rec: result.recording, simulator });
      setSettled({ id: loading, error });
    });
    return () => {
      live = false;
    };
  }, [loading, load, code]);

  useEffect(() => {
    document.title = shown ? `Real servers: ${shown.rec.id} · Fencelab` : 'Real servers · Fencelab';
    return () => {
      document.title = 'Fencelab';
    };
  }, [shown]);

  return { shown, loading, error };
}

function RecordingList({ route, shownId }: { route: RecordedRoute; shownId: string | undefined }) {
  return (
    <nav aria-label="Recordings" className="recorded-list">
      <h2 className="section-title">Recordings</h2>
      <ul>
        {CATALOG.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#recording=${entry.id}`}
              aria-current={shownId === entry.id ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                route.getState().show(entry.id);
              }}
            >
              <span className="recorded-list__server">{entry.server}</span> {entry.summary}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RecordedHeader({ route }: { route: RecordedRoute }) {
  return (
    <header className="app-header recorded-header">
      <div className="brand">
        <p className="recorded-brand">Fencelab</p>
        <h1>Real servers</h1>
      </div>
      <button type="button" className="primary" onClick={() => route.getState().close()}>
        <span aria-hidden="true">←</span> Back to the lab
      </button>
    </header>
  );
}

export default function RecordedView({
  route = recordedRoute,
  load = loadRecording,
  code = PAGE_CODE,
}: RecordedViewProps) {
  const id = useStore(route, (s) => s.id);
  const { shown, loading, error } = useRecording(id, load, code);
  return (
    <div className="recorded-view">
      <RecordedHeader route={route} />
      <main className="recorded-main">
        <p className="recorded-intro">
          The lab’s runs are a model. These runs are not: the same race was played against real etcd, ZooKeeper and
          Redis servers on one machine, and everything each party saw was written down with the time it saw it. Each
          recording is shown twice: as it really happened, and as the lab’s model plays the same schedule.
        </p>
        <RecordingList route={route} shownId={shown?.rec.id} />
        {loading && <p className="loading">Opening the recording {loading}…</p>}
        {error && (
          <div className="error-banner recorded-error" role="alert">
            <p>
              {error}
              {shown ? ` Still showing ${shown.rec.id}.` : ''}
            </p>
          </div>
        )}
        {shown ? (
          <DrawingBoundary key={shown.rec.id} id={shown.rec.id}>
            <Recorded rec={shown.rec} simulator={shown.simulator} />
          </DrawingBoundary>
        ) : (
          !loading && !error && <p className="recorded-pick">Pick a recording above to see it.</p>
        )}
      </main>
    </div>
  );
}
