// Issue 41, item 2: no rightful write refused by default. A holder may write many times under one
// grant in every preset, what-if and system; the zombie is refused where it was; the pitfalls that
// teach < versus <= keep their rule; and a refused rightful write is its own verdict in the table.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, STRATEGIES, findPreset, type Scenario, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';
import { buildWhatIf } from './whatIf';
import { RACE_ACTIONS, scenarioOf } from './build';
import { compareUnder } from '../comparison/compare';
import { blockedWord } from '../comparison/text';
import { findStrategy } from '../strategies/registry';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

const writes = (t: Trace) =>
  t.steps.flatMap((s) => (s.write ? [[s.write.client, s.write.value, s.write.verdict]] : []));
const withCheck = (s: Scenario, check: 'reject-le'): Scenario => ({ ...s, knobs: { ...s.knobs, check }, labels: [] });

/** The systems whose store checks tokens by order (Redlock's values carry none, a plain lease none,
 * QJM's journal nodes compare epoch and serial on their own). */
const ORDERED = ['fencing', 'zookeeper', 'etcd', 'chubby'];

describe('every system, by default', () => {
  it.each(ORDERED)("%s: a holder's second and third writes under one grant are accepted", (strategy) => {
    const t = simulate(
      scenarioOf({
        name: 'One grant, three writes',
        strategy,
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 100, type: 'write', client: 'Client1', value: 'A' },
          { atMs: 200, type: 'write', client: 'Client1', value: 'B' },
          { atMs: 300, type: 'write', client: 'Client1', value: 'C' },
        ],
      }),
    );
    expect(t.knobs.check).toBe('token-seq');
    expect(writes(t)).toEqual([
      ['Client1', 'A', 'accepted'],
      ['Client1', 'B', 'accepted'],
      ['Client1', 'C', 'accepted'],
    ]);
    expect(t.verdict.rightfulWritesRejected).toBe(0);
    const b = t.steps.find((s) => s.write?.value === 'B')!.write!;
    expect(b.comparison).toBe('33 = 33, write 2 after write 1 -> ACCEPT');
  });
});

describe('every preset', () => {
  // A preset that names its rule keeps it; the rest take their system's default.
  const unnamed = PRESETS.filter((p) => p.scenario.knobs.check === undefined);

  it.each(unnamed.map((p) => [p.id, p] as const))(
    "%s: runs with its system's default, and its zombie fares as under the article's <=",
    (_id, preset) => {
      const t = simulate(preset.scenario);
      const def = findStrategy(preset.scenario.strategy)!.defaults.check;
      expect(t.knobs.check).toBe(def);
      if (ORDERED.includes(preset.scenario.strategy)) expect(t.knobs.check).toBe('token-seq');
      const bare = def === 'token-seq' ? simulate(withCheck(preset.scenario, 'reject-le')) : t;
      expect([t.verdict.staleWritesAccepted, t.verdict.staleWritesRejected]).toEqual([
        bare.verdict.staleWritesAccepted,
        bare.verdict.staleWritesRejected,
      ]);
    },
  );

  it("refuses no rightful holder's write, but where tokens went back on purpose (a reset or a restore)", () => {
    const refused = PRESETS.filter((p) => simulate(p.scenario).verdict.rightfulWritesRejected > 0).map((p) => p.id);
    expect(refused).toEqual(['pitfall-counter-reset', 'zookeeper-sequence-reset', 'etcd-restore']);
  });
});

describe('the pause what-if, a pause shorter than the lease', () => {
  const built = buildWhatIf({ fault: 'pause', faultMs: 5_000, leaseTtlMs: 10_000, client2AsksAtMs: 11_000 });
  if (!built.ok) throw new Error(built.error);

  it.each(ORDERED)("%s: Client1's writes before and after its pause are both accepted", (strategy) => {
    const row = compareUnder(built.scenario, findStrategy(strategy)!, simulator);
    const t = row.trace!;
    expect(t.knobs.check).toBe('token-seq');
    expect(writes(t).filter(([client]) => client === 'Client1')).toEqual([
      ['Client1', 'A', 'accepted'],
      ['Client1', 'Y', 'accepted'],
    ]);
    expect(t.verdict.rightfulWritesRejected).toBe(0);
    expect(row.holderRefused).toBeNull();
  });

  it('under the bare <= the same run refuses the holder, and the row says so, not "not tested"', () => {
    const row = compareUnder(withCheck(built.scenario, 'reject-le'), findStrategy('fencing')!, simulator);
    expect(row.staleWriteBlocked).toBeNull();
    expect(row.holderRefused).toMatchObject({ client: 'Client1', value: 'Y', comparison: '33 <= 33 -> REJECT' });
    expect(blockedWord(row)).toBe("Refused the holder's own write");
    expect(row.reason).toContain(
      "Storage refused Client1's own write Y, though nobody newer had the lock: 33 <= 33 -> REJECT.",
    );
    expect(row.reason).not.toMatch(/stale token/);
  });
});

describe('a run under an explicit <= that also blocks a zombie', () => {
  // The canonical race, but Client1 writes W twice before it freezes.
  const twice = scenarioOf({
    name: 'The race, the holder writing twice first',
    strategy: 'fencing',
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 50, type: 'write', client: 'Client1', value: 'W1' },
      { atMs: 60, type: 'write', client: 'Client1', value: 'W2' },
      ...RACE_ACTIONS.slice(1),
    ],
  });

  it("says the holder's own write was refused, whatever became of the zombie", () => {
    const row = compareUnder(withCheck(twice, 'reject-le'), findStrategy('fencing')!, simulator);
    expect(row.holderRefused).toMatchObject({ client: 'Client1', value: 'W2', comparison: '33 <= 33 -> REJECT' });
    expect(blockedWord(row)).toMatch(/^(Yes, but r|No, and r|R)efused the holder's own write$/);
    expect(blockedWord({ ...row, staleWriteBlocked: true })).toBe("Yes, but refused the holder's own write");
    expect(blockedWord({ ...row, staleWriteBlocked: false })).toBe("No, and refused the holder's own write");
  });

  it('by default the same run keeps the zombie out and refuses no holder', () => {
    const row = compareUnder(twice, findStrategy('fencing')!, simulator);
    expect(row.staleWriteBlocked).toBe(true);
    expect(row.holderRefused).toBeNull();
    expect(blockedWord(row)).toBe('Yes');
  });

  it('every other row of a <= comparison runs its own system’s default and refuses no holder', () => {
    for (const strategy of STRATEGIES.filter((x) => ORDERED.includes(x.id) && x.id !== 'fencing')) {
      expect(compareUnder(withCheck(twice, 'reject-le'), strategy, simulator).holderRefused).toBeNull();
    }
  });
});

describe('the pitfalls keep their rule and still show', () => {
  it('< with a repeated token: both clients with 33 write', () => {
    const t = simulate(findPreset('pitfall-less-than')!.scenario);
    expect(t.knobs.check).toBe('reject-lt');
    expect(t.verdict.staleWritesAccepted).toBeGreaterThan(0);
  });

  it('a counter that resets: the rightful holder is refused, and the table names it', () => {
    const row = compareUnder(findPreset('pitfall-counter-reset')!.scenario, findStrategy('fencing')!, simulator);
    expect(row.holderRefused).toMatchObject({ client: 'Client2', value: 'Z', comparison: '33 <= 34 -> REJECT' });
    expect(blockedWord(row)).toMatch(/refused the holder's own write$/);
  });
});
