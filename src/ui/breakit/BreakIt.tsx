// The Break it view: pick a design, the faults the search may use and how many at most; the
// search runs in a worker with its progress and a Stop button; the answer is the shortest
// breaking schedule with its thresholds and chain (opened on the timeline, and its twin under
// fencing), a property of the design, or the bound explored in words. Stop or a bad form leaves
// the lab's run as it was: only the Open buttons change it.

import { useId, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useLabStore } from '../store/context';
import { startSearchJob } from '../workers/search';
import { formatNumber } from '../format/number';
import { createBreakItStore, type BreakItStore, type SearchPhase } from './breakitStore';
import { DESIGNS, FAULT_WORDS, MAX_FAULTS, searchInputOf } from './design';
import { Answer } from './Answer';
import '../styles/breakit.css';

/** The view's state lives as long as the page: switching tabs keeps a search and its answer. */
const BREAK_IT = createBreakItStore(startSearchJob);

export default function BreakIt({ state = BREAK_IT }: { state?: BreakItStore }) {
  const lab = useLabStore();
  const { form, phase, problem } = useStore(state);
  const actions = state.getState();
  const id = useId();
  const running = phase.kind === 'running';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = searchInputOf(lab.getState().scenario, form);
    if ('problem' in input) return actions.refuse(input.problem);
    actions.start(input, DESIGNS.find((d) => d.id === form.design)?.label ?? form.design);
  };
  return (
    <section className="breakit" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-title">
        Break it: the fewest faults that break a design
      </h3>
      <form className="breakit-form" onSubmit={submit} aria-label="Break it" noValidate>
        <label className="breakit-design">
          Design
          <select value={form.design} disabled={running} onChange={(e) => actions.setForm({ design: e.target.value })}>
            {DESIGNS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="breakit-faults" disabled={running}>
          <legend>Faults the search may use</legend>
          {FAULT_WORDS.map(({ kind, words }) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={form.faults.includes(kind)}
                onChange={(e) =>
                  actions.setForm({
                    faults: e.target.checked ? [...form.faults, kind] : form.faults.filter((k) => k !== kind),
                  })
                }
              />{' '}
              {words}
            </label>
          ))}
        </fieldset>
        <label className="breakit-bound">
          At most
          <select
            value={form.maxFaults}
            disabled={running}
            onChange={(e) => actions.setForm({ maxFaults: Number(e.target.value) })}
          >
            {Array.from({ length: MAX_FAULTS.max - MAX_FAULTS.min + 1 }, (_, i) => MAX_FAULTS.min + i).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'fault' : 'faults'}
              </option>
            ))}
          </select>
        </label>
        <div className="breakit-buttons">
          <button type="submit" disabled={running}>
            Search for a break
          </button>
          {running && (
            <button type="button" onClick={actions.stop}>
              Stop
            </button>
          )}
        </div>
        {problem && (
          <p className="breakit-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
      <Progress phase={phase} />
      {phase.kind === 'answered' && <Answer result={phase.result} designLabel={phase.designLabel} lab={lab} />}
    </section>
  );
}

/** Schedules tried, per second and the depth reached while running; what was done when stopped. */
function Progress({ phase }: { phase: SearchPhase }) {
  const counts = (s: { tried: number; perSecond: number; depth: number }) =>
    `${formatNumber(s.tried)} schedules tried (${formatNumber(s.perSecond)} a second), up to ${s.depth} ${s.depth === 1 ? 'fault' : 'faults'} so far.`;
  let words = '';
  if (phase.kind === 'running') words = phase.status ? `Searching: ${counts(phase.status)}` : 'Searching…';
  else if (phase.kind === 'stopped')
    words = `Stopped${phase.status ? ` after ${counts(phase.status)}` : '.'} Nothing is known beyond what was tried; the run on screen is unchanged.`;
  else if (phase.kind === 'failed') words = `The search could not finish: ${phase.message}`;
  return (
    <p className="breakit-progress" role="status" data-testid="breakit-progress">
      {words}
    </p>
  );
}
