// A Kubernetes Lease as client-go's leaderelection package uses it: one Lease object on the API
// server (holderIdentity, leaseDurationSeconds, renewTime, leaseTransitions), written only by
// optimistic-concurrency updates on its resourceVersion. The server keeps no timer: a candidate
// takes the lease only after it has seen no change to the record for leaseDuration on its OWN
// clock. Invariant (the lesson): two clients may both believe they lead until the old leader's
// next retry; leaseTransitions, which grows by one at every change of holder, is a token only if
// the store checks it.
// Source: k8s.io/client-go/tools/leaderelection/leaderelection.go (tryAcquireOrRenew, renew).

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';

/** The API server that stores the Lease object (backed by etcd, so a restart keeps it). */
export const API_SERVER = 'APIServer';

/** client-go's defaults (ms): leaseDuration 15 s, renewDeadline 10 s, retryPeriod 2 s. */
export const K8S_DEFAULTS = { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 } as const;

/** The three timings of a run, from the knobs (ms): leaseDuration is the lease knob; renewDeadline
 * is two thirds of it and retryPeriod (the `renewEveryMs` knob) two fifteenths, as 10 s and 2 s
 * are of client-go's 15 s, unless `renewEveryMs` sets the retry period. */
export function k8sTimings(knobs: Pick<Knobs, 'leaseTtlMs' | 'renewEveryMs'>): {
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
} {
  const leaseDurationMs = knobs.leaseTtlMs;
  const renewDeadlineMs = Math.max(1, Math.floor((leaseDurationMs * 2) / 3));
  const retryPeriodMs = knobs.renewEveryMs ?? Math.max(1, Math.floor((leaseDurationMs * 2) / 15));
  return { leaseDurationMs, renewDeadlineMs, retryPeriodMs };
}

function parties(knobs: Knobs, clients: string[]): PartyInfo[] {
  return [
    { id: API_SERVER, kind: 'lock', label: 'API server (Lease)' },
    ...clients.map((id): PartyInfo => ({ id, kind: 'client', label: id })),
    ...storesAndMailer(knobs).parties,
  ];
}

export const k8sLease: StrategyDef = {
  id: 'k8s-lease',
  name: 'Kubernetes Lease (timed by the waiting client)',
  defaults: { tokenSource: 'durable-counter', check: 'none' },
  choices: { tokenSource: ['durable-counter'], check: ['none', 'token-seq', 'reject-le', 'reject-lt'] },
  lockAuthority: API_SERVER,
  leaseKnob: 'leaseDuration (ms)',
  hasStopPolicy: false,
  ownTimersMs: (knobs) => {
    const t = k8sTimings(knobs);
    return { renewDeadline: t.renewDeadlineMs, retryPeriod: t.retryPeriodMs };
  },
  parties,
};
