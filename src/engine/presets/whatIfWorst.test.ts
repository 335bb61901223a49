// The what-if's answer is the worst placement's: the two false "safe" answers (a cut the
// application is never told of, a watchdog's pause placed before a renewal) come out unsafe and
// name where; the search is bounded, deterministic, and keeps the asked placement on a tie.
import { describe, expect, it } from 'vitest';
import { createSimulator, buildWhatIf, validateScenario, type WhatIfParams } from '../index';
import { ALL_MODELS } from '../models/all';
import { LIMITS } from '../validation/validate';
import { WHAT_IF_NAME_CHARS } from './whatIf';
import {
  WHAT_IF_MAX_PLACEMENTS,
  outcomeOf,
  whatIfPlacements,
  whatIfRuns,
  worstOfRuns,
  worstWhatIf,
} from './whatIfWorst';

const { simulate } = createSimulator(ALL_MODELS);

/** (a) "Client1 cannot reach the lock server", 40 s cut, 30 s lease, Client2 asks at 5 s, plain lease, never told. */
const CUT: WhatIfParams = {
  fault: 'partition',
  faultMs: 40_000,
  leaseTtlMs: 30_000,
  client2AsksAtMs: 5_000,
  strategy: 'lease-trust',
  stopActing: 'never',
};
/** (b) A Redis-style watchdog (renewed, never told), 30 s lease, a 20.2 s pause. */
const WATCHDOG_PAUSE: WhatIfParams = {
  fault: 'pause',
  faultMs: 20_200,
  leaseTtlMs: 30_000,
  client2AsksAtMs: 11_000,
  strategy: 'lease-trust',
  stopActing: 'never',
  keepalive: true,
};

const worst = (params: WhatIfParams) => {
  const result = worstWhatIf(params, simulate);
  if (!result.ok) throw new Error(result.error);
  return result;
};

describe('the issue\'s false "safe" answers', () => {
  it('(a) a 40 s cut that the application is never told of is unsafe under a plain lease, with Y after the lease', () => {
    const answer = worst(CUT);
    expect(answer.outcome).toBe('unsafe');
    expect(answer.params).toMatchObject({ lateWrite: true });
    expect(answer.answer).toBe(
      'Unsafe under Lease + trust the client when the cut starts at 0.1 s, and Client1 writes Y after its lease has ended: a stale write got in (the worst of 18 placements tried).',
    );
    expect(simulate(answer.scenario).verdict.staleWriteAccepted).toMatchObject({ client: 'Client1' });
  });

  it('(b) a 20.2 s pause under a watchdog is unsafe when it starts at 9.9 s, just before a renewal', () => {
    const answer = worst(WATCHDOG_PAUSE);
    expect(answer.outcome).toBe('unsafe');
    expect(answer.params.faultAtMs).toBe(9_900);
    expect(answer.placement).toBe('the pause starts at 9.9 s, just before a renewal');
    expect(answer.scenario.name).toBe(
      'Client1 pauses for 20.2 s at 9.9 s with a 30 s lease, renewed; Client2 asks at 11 s; Client1 is never told',
    );
    expect(answer.scenario.description).toContain(
      'this is the worst under Lease + trust the client: the pause starts at 9.9 s, just before a renewal.',
    );
    // The placement the form used to run alone (the pause at 0.1 s) holds: that was the false "safe".
    const asked = buildWhatIf(WATCHDOG_PAUSE);
    expect(asked.ok && outcomeOf(simulate(asked.scenario))).toBe('held');
  });

  it('under fencing the same pause is safe only because the store turned the stale write away', () => {
    const answer = worst({ ...WATCHDOG_PAUSE, strategy: 'fencing' });
    expect(answer.outcome).toBe('fenced');
    expect(answer.params.faultAtMs).toBe(9_900);
  });
});

describe('the placements tried', () => {
  it('are the asked one, then just before and after each renewal, each with Y on time and late', () => {
    const tried = whatIfPlacements(WATCHDOG_PAUSE);
    expect(tried.slice(0, 6)).toEqual([
      { faultAtMs: 100, lateWrite: false, where: '' },
      { faultAtMs: 100, lateWrite: true, where: '' },
      { faultAtMs: 9_900, lateWrite: false, where: 'just before a renewal' },
      { faultAtMs: 9_900, lateWrite: true, where: 'just before a renewal' },
      { faultAtMs: 10_100, lateWrite: false, where: 'just after a renewal' },
      { faultAtMs: 10_100, lateWrite: true, where: 'just after a renewal' },
    ]);
    expect(tried.length).toBeLessThanOrEqual(WHAT_IF_MAX_PLACEMENTS);
  });

  it("where nothing renews, they are either side of the lease's end; a held-up write is never late", () => {
    const tried = whatIfPlacements({
      fault: 'slow-network',
      faultMs: 5000,
      leaseTtlMs: 10_000,
      client2AsksAtMs: 11_000,
    });
    expect(tried).toEqual([
      { faultAtMs: 100, lateWrite: false, where: '' },
      { faultAtMs: 9_900, lateWrite: false, where: 'just before the lease ends' },
      { faultAtMs: 10_100, lateWrite: false, where: 'just after the lease ends' },
    ]);
  });

  it('stay within the bound for the longest reach, and each builds a scenario that validates', () => {
    const params: WhatIfParams = { fault: 'partition', faultMs: 1000, leaseTtlMs: 1000, client2AsksAtMs: 100_000 };
    const tried = whatIfPlacements(params);
    expect(tried.length).toBe(WHAT_IF_MAX_PLACEMENTS);
    for (const placement of tried) {
      const built = buildWhatIf({ ...params, ...placement });
      expect(built.ok && validateScenario(JSON.parse(JSON.stringify(built.scenario)))).toMatchObject({ ok: true });
    }
  });

  it('a tie keeps the placement asked for, and the same params give the same answer', () => {
    const calm: WhatIfParams = {
      fault: 'pause',
      faultMs: 1000,
      leaseTtlMs: 10_000,
      client2AsksAtMs: 11_000,
      strategy: 'lease-trust',
    };
    const answer = worst(calm);
    expect(answer.outcome).toBe('held');
    expect(answer.params.faultAtMs).toBe(100);
    expect(answer.answer).toBe(
      'No stale write reached the store under Lease + trust the client in any of the 6 placements tried.',
    );
    expect(worst(calm)).toEqual(answer);
  });

  it("bad params get the builder's sentence and run nothing", () => {
    let runs = 0;
    const result = worstWhatIf({ ...CUT, faultAtMs: 10 }, (s) => {
      runs++;
      return simulate(s);
    });
    expect(result).toEqual({
      ok: false,
      field: 'faultAtMs',
      error: 'The fault can start at 0.06 s at the earliest, once Client1 has written A (got 0.01 s).',
    });
    expect(runs).toBe(0);
  });
});

describe('run a few at a time', () => {
  it('whatIfRuns then worstOfRuns gives the same answer as worstWhatIf, and refuses traces that do not match', () => {
    const planned = whatIfRuns(WATCHDOG_PAUSE);
    if (!planned.ok) throw new Error(planned.error);
    expect(planned.runs.map((r) => r.placement)).toEqual(whatIfPlacements(WATCHDOG_PAUSE));
    const traces = planned.runs.map((r) => simulate(r.scenario));
    expect(worstOfRuns(planned, traces)).toEqual(worst(WATCHDOG_PAUSE));
    expect(() => worstOfRuns(planned, traces.slice(1))).toThrow(
      `The what-if needs one run per placement: ${planned.runs.length} placements, ${planned.runs.length - 1} runs.`,
    );
  });
});

it("the what-if's name limit is the validator's", () => {
  expect(WHAT_IF_NAME_CHARS).toBe(LIMITS.nameChars);
});
