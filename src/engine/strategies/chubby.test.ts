// Chubby as shared/domain.md describes it: generations that grow on every free-to-held
// transition, sequencers checked by the server, and lock-delay for servers that do not check.
import { describe, expect, it } from 'vitest';
import { createSimulator, type Step, type Trace, stepDetail } from '../index';
import { chubbyLockDelayCovers, chubbyLockDelayLate, chubbyRace } from '../presets/chubby';
import { scenarioOf } from '../presets/build';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const at = (trace: Trace, label: string): Step => {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label}`);
  return step;
};
const LOCK_DELAY_MS = 1000;

describe('Chubby: the canonical race with a checking server', () => {
  const trace = simulate(chubbyRace.scenario);

  it('hands out sequencers whose generation grows: 33, then 34', () => {
    expect(at(trace, 't0')).toMatchObject({ token: 33, detail: { sequencer: '/ls/cell/res:exclusive:33' } });
    expect(at(trace, 't3')).toMatchObject({ token: 34, detail: { sequencer: '/ls/cell/res:exclusive:34' } });
  });

  it("holds the expired holder's lock free for the lock-delay before Client2 gets it", () => {
    expect(at(trace, 't2').detail).toMatchObject({ lockDelayMs: LOCK_DELAY_MS });
    expect(at(trace, 't3').timeMs - at(trace, 't2').timeMs).toBe(LOCK_DELAY_MS);
  });

  it('refuses the zombie: 33 <= 34', () => {
    expect(at(trace, 't6').write).toMatchObject({ comparison: '33 <= 34 -> REJECT', stale: true });
    expect(trace.verdict).toMatchObject({ ok: true, staleWriteAccepted: null });
  });

  it('times the client’s local lease from when it sent its call, so it ends before the master’s', () => {
    const acquired = trace.steps.find((s) => s.kind === 'lock.acquired' && s.party === 'Client1')!;
    expect(stepDetail(acquired).believedUntilMs).toBe(1000); // sent at 0 ms, a 1000 ms lease
    expect(at(trace, 't2').timeMs).toBeGreaterThan(1000);
    const lapsed = trace.steps.find((s) => s.kind === 'lease.lapsed' && s.party === 'Client1')!;
    expect(stepDetail(lapsed).cause).toMatch(/jeopardy/);
  });
});

describe('Chubby: a server that does not check, protected only by lock-delay', () => {
  it('is harmed when the zombie writes after the lock-delay', () => {
    const trace = simulate(chubbyLockDelayLate.scenario);
    expect(at(trace, 't6').timeMs).toBeGreaterThan(at(trace, 't3').timeMs);
    expect(at(trace, 't6').write).toMatchObject({ verdict: 'accepted', stale: true });
    expect(trace.verdict.violations.map((v) => v.invariant)).toEqual(['accepted-writes-in-grant-order']);
  });

  it('is not harmed when the zombie writes within it', () => {
    const trace = simulate(chubbyLockDelayCovers.scenario);
    expect(at(trace, 'within').timeMs).toBeLessThan(at(trace, 't3').timeMs);
    expect(at(trace, 'within').write).toMatchObject({ verdict: 'accepted', stale: false });
    expect(trace.verdict).toMatchObject({ ok: true, staleWritesAccepted: 0 });
    expect(trace.steps.at(-1)!.snapshots.Storage!.fields.value).toBe('X');
  });
});

describe('Chubby: a release is not a failure', () => {
  it('hands the lock to the next waiter at once, with no lock-delay', () => {
    const trace = simulate(
      scenarioOf({
        name: 'release',
        strategy: 'chubby',
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 100, type: 'acquire', client: 'Client2' },
          { atMs: 300, type: 'release', client: 'Client1' },
        ],
      }),
    );
    const released = trace.steps.find((s) => s.kind === 'lock.released')!;
    const granted = trace.steps.find((s) => s.kind === 'lock.granted' && s.token === 34)!;
    expect(granted.timeMs).toBe(released.timeMs);
    expect(stepDetail(granted).lockDelayMs).toBeUndefined();
  });
});

describe('Chubby: the lock-delay is its own knob', () => {
  // The covers preset: a 1000 ms session lease, Client1 frozen 100-1600 ms with its write Y
  // inside, Client2 asking at 1200. Only the lock-delay decides whether Y lands before Client2
  // holds the lock (harmless) or after (a zombie's write, accepted by a server that checks nothing).
  const withDelay = (lockDelayMs?: number) => {
    const base = chubbyLockDelayCovers.scenario;
    return simulate({ ...base, knobs: { ...base.knobs, ...(lockDelayMs === undefined ? {} : { lockDelayMs }) } });
  };
  const zombieWrite = (trace: Trace) => trace.steps.find((s) => s.party === 'Storage' && s.write?.value === 'Y')!;
  const grantToClient2 = (trace: Trace) =>
    trace.steps.find((s) => s.kind === 'lock.granted' && s.parties.includes('Client2'))!;

  it('is as long as the lease when not set, and a longer one holds the lock free past the zombie', () => {
    expect(JSON.stringify(withDelay().steps)).toBe(JSON.stringify(withDelay(1000).steps));
    const long = withDelay(3000);
    expect(zombieWrite(long).timeMs).toBeLessThan(grantToClient2(long).timeMs);
    expect(zombieWrite(long).write!.stale).toBe(false);
  });

  it('set to zero, lets Client2 take the lock at once, and the zombie overwrites it', () => {
    const none = withDelay(0);
    expect(grantToClient2(none).timeMs).toBeLessThan(zombieWrite(none).timeMs);
    expect(zombieWrite(none).write).toMatchObject({ verdict: 'accepted', stale: true });
    expect(none.verdict.staleWritesAccepted).toBe(1);
  });
});
