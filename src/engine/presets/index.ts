// Every preset the lab, the CLI and the lessons can open, in the order a learner meets them.

import type { Preset } from './build';
import { canonicalRace, leaseTrustRace, slowNetwork } from './canonical';
import { SYSTEM_PRESETS } from './systems';
import { INCIDENT_PRESETS } from './incidents';
import { RENEWAL_CASE_PRESETS } from './renewalCases';
import {
  blobStoreIfMatch,
  blobStoreNoCheck,
  carryManyWrites,
  checkThenWrite,
  checkThenWriteFenced,
  fencingPartition,
  leaseLong,
  leaseShort,
  leaseShortSpurious,
  leaseTrustPartition,
  skewedClock,
  skewedClockTrust,
} from './walkthrough';
import {
  counterReset,
  earlyZombie,
  emailOutsideFence,
  lessThanDuplicate,
  noCheck,
  uncheckedSecondStore,
  uuidToken,
  wallClockToken,
} from './pitfalls';

export type { Preset } from './build';

/** The presets in groups, as the picker shows them: the race, what makes a zombie, leases, the
 * pitfalls, the real systems, and runs taken from incident reports. */
export const PRESET_GROUPS: readonly { title: string; presets: readonly Preset[] }[] = [
  { title: 'The race', presets: [canonicalRace, leaseTrustRace, slowNetwork, carryManyWrites, earlyZombie] },
  {
    title: 'What makes a zombie',
    presets: [
      skewedClockTrust,
      skewedClock,
      leaseTrustPartition,
      fencingPartition,
      checkThenWrite,
      checkThenWriteFenced,
    ],
  },
  { title: 'Shorter leases', presets: [leaseLong, leaseShort, leaseShortSpurious] },
  {
    title: 'Pitfalls',
    presets: [
      noCheck,
      counterReset,
      lessThanDuplicate,
      uuidToken,
      wallClockToken,
      uncheckedSecondStore,
      emailOutsideFence,
      blobStoreNoCheck,
      blobStoreIfMatch,
    ],
  },
  { title: 'Real systems', presets: SYSTEM_PRESETS },
  { title: 'From incident reports', presets: [...INCIDENT_PRESETS, ...RENEWAL_CASE_PRESETS] },
];

export const PRESETS: readonly Preset[] = PRESET_GROUPS.flatMap((g) => g.presets);

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
