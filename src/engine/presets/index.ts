// Every preset the lab, the CLI and the lessons can open, in the order a learner meets them.

import type { Preset } from './build';
import { canonicalRace, leaseTrustRace, slowNetwork } from './canonical';
import { SYSTEM_PRESETS } from './systems';
import { INCIDENT_PRESETS } from './incidents';
import { WALKTHROUGH_PRESETS } from './walkthrough';
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

export const PRESETS: readonly Preset[] = [
  canonicalRace,
  leaseTrustRace,
  slowNetwork,
  noCheck,
  counterReset,
  lessThanDuplicate,
  uuidToken,
  wallClockToken,
  uncheckedSecondStore,
  emailOutsideFence,
  earlyZombie,
  ...SYSTEM_PRESETS,
  ...INCIDENT_PRESETS,
  ...WALKTHROUGH_PRESETS,
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
