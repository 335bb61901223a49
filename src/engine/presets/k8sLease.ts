// The Kubernetes Lease's preset: client-go's defaults (leaseDuration 15 s, renewDeadline 10 s,
// retryPeriod 2 s) and the case of kubernetes#125761: the standby's clock moves ahead, it decides
// on its own clock that the lease is over and takes it, and the old leader learns so only at its
// next renewal, up to one retryPeriod later.

import type { Action } from '../core/scenario';
import { scenarioOf, type Preset } from './build';

const FIXED = { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 };

/**
 * Client1 leads from 0 s; Client2 campaigns from 1 s; Client2's clock jumps 20 s ahead at
 * `jumpAtMs`; Client1 writes w1 100 ms later (it still believes it leads) and Client2 writes w2
 * at 40 ms after the jump (queued until it leads, if it is not leading yet).
 */
export const k8sClockJumpActions = (jumpAtMs: number): Action[] => [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 1000, type: 'acquire', client: 'Client2' },
  { atMs: jumpAtMs, type: 'clockJump', party: 'Client2', deltaMs: 20_000 },
  { atMs: jumpAtMs + 40, type: 'write', client: 'Client2', value: 'w2' },
  { atMs: jumpAtMs + 100, type: 'write', client: 'Client1', value: 'w1' },
];

/** Where the preset puts the jump: after Client2's read at 7 s, before Client1's renewal at 8 s. */
export const K8S_JUMP_AT_MS = 7_500;

const clockJump: Preset = {
  id: 'k8s-lease-clock-jump',
  title: 'Kubernetes Lease: the waiting client’s clock jumps ahead',
  summary:
    "client-go's leader election over a Kubernetes Lease: the API server keeps no timer, and a waiting client takes the lease once it has seen no change to it for leaseDuration (15 s) on its own clock. Client1 leads and renews every 2 s (retryPeriod). At 7.5 s Client2's clock jumps 20 s ahead: by its clock the Lease has not changed for 20 s, so it takes it, and leaseTransitions goes from 33 to 34. Client1 learns only at its next renewal, up to 2 s later; until then both believe they lead, and Client1's w1 lands after Client2's w2, as nothing checks leaseTransitions. Set the store's check to reject-le and w1 is refused. Source: kubernetes/kubernetes#125761 and client-go's leaderelection.go.",
  scenario: scenarioOf({
    name: 'Kubernetes Lease: the waiting client’s clock jumps ahead',
    strategy: 'k8s-lease',
    knobs: { leaseTtlMs: 15_000 },
    network: FIXED,
    actions: k8sClockJumpActions(K8S_JUMP_AT_MS),
    labels: [
      { label: 'jump', kind: 'clock.jumped', party: 'Client2' },
      { label: 'judged', kind: 'lease.expired', party: 'Client2' },
      { label: 'taken', kind: 'lock.granted', client: 'Client2' },
      { label: 'w1', kind: 'write.accepted', client: 'Client1', anyVerdict: true },
      { label: 'stepped-down', kind: 'lease.lapsed', party: 'Client1' },
    ],
  }),
};

export const K8S_LEASE_PRESETS: readonly Preset[] = [clockJump];
