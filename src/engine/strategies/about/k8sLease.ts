// What the lab says about a Kubernetes Lease as client-go's leader election uses it
// (../k8sLease.ts defines it): apart from the definition, so a page that never shows these
// sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';

export const k8sLeaseAbout: StrategyAbout = {
  summary:
    'A Lease object on the Kubernetes API server names the leader and keeps no timer: a waiting client reads it every retryPeriod (2 s) and takes it once the record has not changed for leaseDuration (15 s) on its own clock. The old leader learns it was replaced only at its next renewal, so for up to one retryPeriod both believe they lead; leaseTransitions, one more at each change of leader, fences a store only if the store checks it.',
  timers:
    "Every timer is the client's: the waiter's leaseDuration, the leader's renewDeadline and retryPeriod, on its own wall clock here, so a clock that jumps ahead makes a waiter take the lease early; the API server times nothing.",
  simplification:
    'One API server, always consistent (etcd behind it); a read and an update are one message and its answer each; renewTime is written but no client reads it (as in client-go, which times from when it saw the record change); the renewDeadline is two thirds of the lease and the retryPeriod two fifteenths unless the renewal period knob sets it; a leader that stops leading does not campaign again.',
  keptAlive: (every) =>
    `Its leader renews the Lease every ${every} (retryPeriod), so a leader that is neither frozen nor cut off keeps it until it releases.`,
  caveat:
    'Nothing at the API server ends a lease: a waiter decides on its own clock, so a jump or a pause can put two leaders side by side until the old one next renews.',
  sourceWords: {
    'durable-counter': {
      label: 'leaseTransitions',
      explain: "the Lease's leaseTransitions: one more at every change of holder, kept in etcd",
    },
  },
  recordedOn: null,
  sources: [
    {
      title:
        'kubernetes/client-go, tools/leaderelection/leaderelection.go (tryAcquireOrRenew, renew; defaults 15 s, 10 s, 2 s)',
      url: 'https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go',
    },
    {
      title:
        'Kubernetes: Leases (coordination.k8s.io/v1: holderIdentity, leaseDurationSeconds, renewTime, leaseTransitions)',
      url: 'https://kubernetes.io/docs/concepts/architecture/leases/',
    },
    {
      title:
        'kubernetes/kubernetes#125761 (a clock moved ahead: the standby led while the old leader stepped down at its next retry)',
      url: 'https://github.com/kubernetes/kubernetes/issues/125761',
    },
  ],
};
