// Each pitfall preset must fail the way shared/domain.md says it does.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, PRESET_GROUPS, findPreset, validateScenario, type Step, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

function run(id: string): Trace {
  return simulate(findPreset(id)!.scenario);
}

function labelled(trace: Trace, label: string): Step {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label} in ${trace.scenario.name}`);
  return step;
}

const invariants = (trace: Trace) => trace.verdict.violations.map((v) => v.invariant);

describe('every preset', () => {
  it('is in one group of the picker, once, under its own id', () => {
    const ids = PRESET_GROUPS.flatMap((g) => g.presets.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(PRESETS.map((p) => p.id));
    expect(ids.length).toBeGreaterThanOrEqual(37);
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))('%s is a valid scenario whose labels all match', (_id, preset) => {
    const result = validateScenario(JSON.parse(JSON.stringify(preset.scenario)));
    expect(result).toEqual({ ok: true, scenario: preset.scenario });
    const trace = simulate(preset.scenario);
    const found = trace.steps.filter((s) => s.label).map((s) => s.label);
    expect(found).toEqual(preset.scenario.labels.map((l) => l.label));
  });
});

describe('P3: a counter that resets on restart', () => {
  const trace = run('pitfall-counter-reset');

  it('reissues 33 after the restart, breaking strict increase', () => {
    expect(trace.verdict.tokensIssued).toEqual([33, 34, 33]);
    expect(trace.verdict.tokensMonotonic).toBe(false);
    const reissue = labelled(trace, 'reissue');
    expect(trace.verdict.violations).toContainEqual(
      expect.objectContaining({ invariant: 'issued-tokens-increase', step: reissue.index }),
    );
  });

  it('locks the rightful holder out: 33 <= 34', () => {
    const stuck = labelled(trace, 'stuck');
    expect(stuck.write).toMatchObject({ client: 'Client2', token: 33, verdict: 'rejected', stale: false });
    expect(stuck.write!.comparison).toBe('33 <= 34 -> REJECT');
  });
});

describe('P5: < instead of <= with a repeated token', () => {
  const trace = run('pitfall-less-than');

  it('lets two clients with the same token both write', () => {
    expect(labelled(trace, 't4').write).toMatchObject({ client: 'Client2', token: 33, verdict: 'accepted' });
    expect(labelled(trace, 't6').write).toMatchObject({
      client: 'Client1',
      token: 33,
      verdict: 'accepted',
      comparison: '33 >= 33 -> ACCEPT',
      stale: true,
    });
    expect(invariants(trace)).toEqual(['issued-tokens-increase', 'accepted-writes-in-grant-order']);
  });

  it("is stopped by the article's rule (<=) on the same schedule", () => {
    const preset = findPreset('pitfall-less-than')!;
    const fixed = simulate({ ...preset.scenario, knobs: { ...preset.scenario.knobs, check: 'reject-le' } });
    expect(fixed.verdict.staleWriteAccepted).toBeNull();
    expect(fixed.steps.find((s) => s.write?.client === 'Client1')!.write!.comparison).toBe('33 <= 33 -> REJECT');
  });
});

describe('P7: a second store that does not check', () => {
  const trace = run('pitfall-second-store');

  it('Storage rejects 33 while Storage2 accepts it, so the stores diverge', () => {
    expect(labelled(trace, 't6').write).toMatchObject({ resource: 'Storage', token: 33, verdict: 'rejected' });
    const hole = labelled(trace, 'hole');
    expect(hole.write).toMatchObject({ resource: 'Storage2', token: 33, verdict: 'accepted', stale: true });
    const end = trace.steps[trace.steps.length - 1]!;
    expect(end.snapshots.Storage!.fields.value).toBe('X');
    expect(end.snapshots.Storage2!.fields.value).toBe('Y');
    expect(trace.verdict.staleWriteAccepted).toMatchObject({ resource: 'Storage2', client: 'Client1' });
  });
});

describe('P6: a side effect outside the fence', () => {
  const trace = run('pitfall-email');

  it('the store refuses the zombie but its email is sent', () => {
    expect(labelled(trace, 't6').write).toMatchObject({ verdict: 'rejected', token: 33 });
    const escape = labelled(trace, 'escape');
    expect(escape).toMatchObject({ kind: 'effect.sent', party: 'Mailer', token: 33 });
    expect(trace.verdict.violations).toEqual([
      expect.objectContaining({ invariant: 'no-stale-side-effect', step: escape.index }),
    ]);
    expect(trace.verdict.staleWriteAccepted).toBeNull();
  });
});

describe('P9a: the zombie writes before any 34-write', () => {
  const trace = run('pitfall-early-zombie');

  it('accepts 33 because nothing newer has reached the store, then accepts 34', () => {
    expect(labelled(trace, 'early').write).toMatchObject({
      client: 'Client1',
      token: 33,
      verdict: 'accepted',
      comparison: '33 > 32 -> ACCEPT',
      stale: true,
    });
    expect(labelled(trace, 'later').write).toMatchObject({ client: 'Client2', token: 34, verdict: 'accepted' });
    expect(trace.verdict.staleWriteAccepted).not.toBeNull();
    expect(trace.verdict.ok).toBe(true); // order at the store held: the hole is in the client's reads
  });
});

describe('P1: a random token', () => {
  const trace = run('pitfall-uuid');

  it('issues unordered values and lets the zombie in when its value sorts higher', () => {
    expect(trace.verdict.tokensIssued.every((t) => typeof t === 'string' && /^[0-9a-f]{8}$/.test(t))).toBe(true);
    expect(trace.verdict.tokensMonotonic).toBe(false);
    expect(labelled(trace, 't6').write).toMatchObject({ client: 'Client1', verdict: 'accepted', stale: true });
    expect(invariants(trace)).toEqual(['issued-tokens-increase', 'accepted-writes-in-grant-order']);
  });
});

describe('P2: a wall-clock token', () => {
  const trace = run('pitfall-wall-clock');

  it('a clock step back makes the newer token smaller and the zombie wins', () => {
    const [first, second] = trace.verdict.tokensIssued as number[];
    expect(second!).toBeLessThan(first!);
    expect(labelled(trace, 't6').write).toMatchObject({ client: 'Client1', token: first, verdict: 'accepted' });
    expect(invariants(trace)).toEqual(['issued-tokens-increase', 'accepted-writes-in-grant-order']);
  });
});

describe('P4: the store does not check', () => {
  it('is the plain lease again: the zombie overwrites X', () => {
    const trace = run('pitfall-no-check');
    expect(trace.verdict.tokensMonotonic).toBe(true);
    expect(labelled(trace, 't6').write).toMatchObject({
      token: 33,
      verdict: 'accepted',
      comparison: 'no check -> ACCEPT',
    });
    expect(trace.steps[trace.steps.length - 1]!.snapshots.Storage!.fields.value).toBe('Y');
  });
});
