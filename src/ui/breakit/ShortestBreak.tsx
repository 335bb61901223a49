// The learner's comparison: their faults broke the design; the search finds the shortest way to
// break the same design with the same kinds of fault, and says it beside theirs (with the
// buttons that open it and its twin under fencing). The run on screen changes only when asked.

import { useEffect, useRef, useState } from 'react';
import { describeAction, type Scenario } from '../../engine';
import type { SearchResult } from '../../engine/surfaces/search';
import { useLab, useLabStore } from '../store/context';
import { startSearchJob } from '../workers/search';
import { Answer } from './Answer';
import { learnerSearch, userFaults } from './learner';

/** The user's own actions, in time order, as the lab's action list says them. */
function Yours({ scenario, own }: { scenario: Scenario; own: number }) {
  const actions = scenario.actions.slice(own).sort((a, b) => a.atMs - b.atMs);
  return (
    <div className="breakit-yours">
      <h4>Yours</h4>
      <ul aria-label="The actions you added">
        {actions.map((a, i) => (
          <li key={i}>
            {describeAction(a)} at {a.atMs} ms
          </li>
        ))}
      </ul>
    </div>
  );
}

type Shown = { for: Scenario | null } & (
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; result: SearchResult } | { kind: 'failed'; message: string }
);

export default function ShortestBreak() {
  const lab = useLabStore();
  const { scenario, own, parties } = useLab((s) => ({
    scenario: s.scenario,
    own: s.ownActionCount,
    parties: s.trace.parties,
  }));
  const [state, setShown] = useState<Shown>({ for: null, kind: 'idle' });
  // An answer is about the run it was asked for: a changed run starts again from the button.
  const shown: Shown = state.for === scenario ? state : { for: scenario, kind: 'idle' };
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  const input = learnerSearch(scenario, own, parties);
  if (!input) return null;
  const yours = userFaults(scenario, own, parties).count;
  const run = () => {
    stop.current?.();
    setShown({ for: scenario, kind: 'running' });
    stop.current = startSearchJob(input, {
      onProgress: () => {},
      onResult: (result) => setShown({ for: scenario, kind: 'done', result }),
      onFailed: (message) => setShown({ for: scenario, kind: 'failed', message }),
    });
  };
  return (
    <section className="panel shortest-break" aria-label="The shortest way to break this design">
      <p>
        With your {yours === 1 ? 'fault' : `${yours} faults`}, this run breaks a rule.{' '}
        <button type="button" onClick={run} disabled={shown.kind === 'running'}>
          The shortest way to break this design
        </button>
      </p>
      {shown.kind === 'done' && <Yours scenario={scenario} own={own} />}
      {shown.kind === 'running' && <p role="status">Searching with the kinds of fault you used…</p>}
      {shown.kind === 'failed' && <p role="alert">The search could not finish: {shown.message}</p>}
      {shown.kind === 'done' && <Answer result={shown.result} designLabel="The machine’s shortest" lab={lab} />}
    </section>
  );
}
