// Issue 41's Kubernetes Lease case with client-go's values (leaseDuration 15 s, renewDeadline
// 10 s, retryPeriod 2 s): the waiter times the lease on its own clock, so a clock that jumps
// ahead makes it take the lease while the old leader still leads, until the old leader's next
// renewal (kubernetes/kubernetes#125761: about 2 s).
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, type Trace } from '../index';
import { scenarioOf } from '../presets/build';
import { K8S_JUMP_AT_MS, k8sClockJumpActions } from '../presets/k8sLease';
import { K8S_DEFAULTS, k8sTimings } from './k8sLease';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);
const NETWORK = { latencyMsMin: 2, latencyMsMax: 8, dropRate: 0 };
const RETRY_MS = K8S_DEFAULTS.retryPeriodMs;

const jumpRun = (jumpAtMs: number, knobs = {}, seed = 7): Trace =>
  simulate(
    scenarioOf({
      name: 'k8s clock jump',
      strategy: 'k8s-lease',
      seed,
      knobs: { leaseTtlMs: 15_000, ...knobs },
      network: NETWORK,
      actions: k8sClockJumpActions(jumpAtMs),
    }),
  );

/** How long both clients believed they led (ms): from Client2's taking the lease to Client1's
 * stepping down; null when Client2 never took it. */
function overlapMs(trace: Trace): number | null {
  const took = trace.steps.find((s) => s.kind === 'lock.acquired' && s.party === 'Client2');
  if (!took) return null;
  const down = trace.steps.find((s) => s.kind === 'lease.lapsed' && s.party === 'Client1');
  return (down?.timeMs ?? Infinity) - took.timeMs;
}

describe("client-go's timings", () => {
  it('are 15 s, 10 s and 2 s for a 15 s lease, and the renewal period knob sets the retry period', () => {
    expect(k8sTimings({ leaseTtlMs: 15_000 })).toEqual(K8S_DEFAULTS);
    expect(k8sTimings({ leaseTtlMs: 15_000, renewEveryMs: 500 }).retryPeriodMs).toBe(500);
  });
});

describe('a Kubernetes Lease whose waiting client’s clock jumps 20 s ahead', () => {
  it('the preset: Client2 takes the lease on its own clock, and both lead until Client1’s next renewal', () => {
    const trace = simulate(findPreset('k8s-lease-clock-jump')!.scenario);
    const overlap = overlapMs(trace)!;
    expect(overlap).toBeGreaterThan(0);
    expect(overlap).toBeLessThanOrEqual(RETRY_MS);
    // No server timer ended the lease: the waiter decided, and said so.
    const judged = trace.steps.find((s) => s.kind === 'lease.expired')!;
    expect(judged.party).toBe('Client2');
    expect(judged.text).toMatch(/^Client2 saw no renewal of Client1's Lease for [\d.]+ s on its own clock/);
    expect(trace.steps.some((s) => s.party === 'APIServer' && s.kind === 'lease.expired')).toBe(false);
    // leaseTransitions is the token: 33, then 34 at the change of holder.
    expect(trace.leases.map((l) => [l.holder, l.token])).toEqual([
      ['Client1', 33],
      ['Client2', 34],
    ]);
    // Nothing checks it by default: Client1's w1, sent while it still led, lands after w2.
    expect(trace.verdict.staleWriteAccepted).toMatchObject({ client: 'Client1', resource: 'Storage' });
  });

  it('with a store that checks leaseTransitions, the old leader’s write is refused', () => {
    const trace = simulate({
      ...findPreset('k8s-lease-clock-jump')!.scenario,
      knobs: { leaseTtlMs: 15_000, check: 'reject-le' },
    });
    expect(overlapMs(trace)).toBeGreaterThan(0);
    expect(trace.verdict.staleWritesAccepted).toBe(0);
    expect(trace.verdict.staleWritesRejected).toBeGreaterThan(0);
  });

  it('over 40 jump times: whenever Client2 takes the lease, both lead for a while, never past one retry period', () => {
    const overlaps = Array.from({ length: 40 }, (_, i) => overlapMs(jumpRun(5_000 + i * 97)));
    const taken = overlaps.filter((o): o is number => o !== null);
    for (const o of taken) {
      expect(o).toBeGreaterThan(0);
      expect(o).toBeLessThanOrEqual(RETRY_MS);
    }
    // The waiter counts from the last change it saw: a jump that comes after Client1's renewal
    // and before Client2's next read lets that read see a new record, which starts the count
    // again, so only some jump times end in two leaders.
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.length).toBeLessThan(overlaps.length);
  });

  it('a leader frozen past the lease loses it to a waiter that saw 15 s without a renewal', () => {
    const trace = simulate(
      scenarioOf({
        name: 'k8s pause',
        strategy: 'k8s-lease',
        knobs: { leaseTtlMs: 15_000 },
        network: NETWORK,
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 1000, type: 'acquire', client: 'Client2' },
          { atMs: 3000, type: 'pause', client: 'Client1', durationMs: 30_000 },
        ],
      }),
    );
    const judged = trace.steps.find((s) => s.kind === 'lease.expired')!;
    expect(judged.text).toMatch(/^Client2 saw no renewal of Client1's Lease for 1[56](\.\d)? s on its own clock/);
    // The leader's own renewDeadline (10 s) runs out inside the pause: it steps down when it wakes.
    const down = trace.steps.find((s) => s.kind === 'lease.lapsed' && s.party === 'Client1')!;
    expect(down.text).toContain('renewDeadline');
    expect(trace.leases.map((l) => l.holder)).toEqual(['Client1', 'Client2']);
  });

  it('without a jump, Client2 never takes a lease that is renewed', () => {
    const trace = simulate(
      scenarioOf({
        name: 'k8s calm',
        strategy: 'k8s-lease',
        knobs: { leaseTtlMs: 15_000 },
        network: NETWORK,
        actions: k8sClockJumpActions(K8S_JUMP_AT_MS).filter((a) => a.type !== 'clockJump'),
      }),
    );
    expect(overlapMs(trace)).toBeNull();
    expect(trace.leases.map((l) => l.holder)).toEqual(['Client1']);
  });
});
