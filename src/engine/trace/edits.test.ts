// What became of a quorum-journal edit (QJM), read off the trace: a deposed writer's edit that too
// few journal nodes logged is never said to have taken effect, whether or not its writer heard back.
import { describe, expect, it } from 'vitest';
import { findPreset } from '../presets';
import { createSimulator } from '../simulate/simulator';
import type { Action, Scenario } from '../core/scenario';
import { editSoFar, staleEditsUncommitted } from './edits';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const base = findPreset('qjm-missed-epoch')!.scenario;

/** The preset's run with `more` actions, and its journal node's local accept of the deposed writer's edit. */
function localAccept(more: Action[]) {
  const scenario: Scenario = { ...base, actions: [...base.actions, ...more] };
  const trace = simulate(scenario);
  const step = trace.steps.find(
    (s) => s.kind === 'write.accepted' && s.write?.stale === true && s.detail?.txid !== undefined,
  );
  return { trace, step: step! };
}

describe('a journal edit too few journal nodes logged', () => {
  it('is logged, not committed, as its writer hears back: the quorum from its replies', () => {
    const { trace, step } = localAccept([]);
    expect(step.party).toBe('JN3');
    expect(editSoFar(trace, step)).toEqual({ logged: ['JN3'], quorum: 2 });
    expect(staleEditsUncommitted(trace)).toBe('on JN3 only, 1 of 2 acks needed, never committed');
  });

  it('is logged, not committed, when its writer crashed or never got the replies: a majority of the journal nodes', () => {
    const crashed = localAccept([{ atMs: 2601, type: 'crash', party: 'Client1' }]);
    expect(crashed.step.party).toBe('JN3');
    expect(editSoFar(crashed.trace, crashed.step)).toEqual({ logged: ['JN3'], quorum: 2 });
    expect(staleEditsUncommitted(crashed.trace)).toBe('on JN3 only, 1 of 2 acks needed, never committed');
    const late = localAccept(
      ['JN1', 'JN2', 'JN3'].map(
        (from) => ({ atMs: 2500, type: 'delay', from, to: 'Client1', extraMs: 100_000 }) as Action,
      ),
    );
    expect(editSoFar(late.trace, late.step)?.quorum).toBe(2);
    expect(staleEditsUncommitted(late.trace)).toMatch(/never committed$/);
  });

  it('is no journal edit in a run with no journal nodes', () => {
    const trace = simulate(findPreset('canonical-race')!.scenario);
    for (const step of trace.steps) expect(editSoFar(trace, step)).toBeNull();
  });
});
