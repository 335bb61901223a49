// The Kubernetes Lease's model: the API server that stores the Lease (no timer of its own) and
// client-go's leader electors, which time the lease on their own clocks, as XState machines; the
// parties are those ../strategies/k8sLease.ts lists. A module of its own, so a page fetches it only
// when it runs it.

import type { Model } from '../strategies/types';
import { API_SERVER, k8sLease, k8sTimings } from '../strategies/k8sLease';
import { storesAndMailer, writerFields } from '../strategies/systemParties';
import { fromMachine } from '../machines/fromMachine';
import { k8sApiServerMachine } from '../machines/k8s/apiServer';
import { k8sClientMachine } from '../machines/k8s/client';
import { erase, withLogic } from './logic';
import { sharedLogic } from './generic';

export const model: Model = (knobs, clients) => {
  const { resources, mailer } = storesAndMailer(knobs);
  const timings = k8sTimings(knobs);
  return withLogic(k8sLease.parties(knobs, clients), (info) => {
    if (info.id === API_SERVER)
      return {
        logic: erase(
          fromMachine(k8sApiServerMachine, { firstToken: knobs.firstToken }, ({ context: { lease } }) => ({
            holderIdentity: lease.holder,
            leaseTransitions: lease.transitions,
            resourceVersion: lease.resourceVersion,
            renewTimeMs: lease.renewTimeMs,
          })),
        ),
      };
    if (info.kind === 'client')
      return {
        logic: erase(
          fromMachine(
            k8sClientMachine,
            { self: info.id, server: API_SERVER, resources, mailer, ...timings },
            ({ context: c }) => ({
              observedHolder: c.observed?.holder ?? null,
              observedAtMs: c.observedAtMs,
              ...writerFields(c),
            }),
          ),
        ),
      };
    return sharedLogic(info, knobs);
  });
};
