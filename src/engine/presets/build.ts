// A small builder so presets read as the story they tell. Invariant: every preset it builds is a
// complete, valid Scenario (a test validates each one).

import { SCENARIO_FORMAT, SCENARIO_VERSION, type Action, type Scenario, type StepLabel } from '../core/scenario';
import { DEFAULT_CLIENTS, DEFAULT_NETWORK, DEFAULT_SEED } from '../core/defaults';

export interface Preset {
  id: string;
  title: string;
  /** What the preset shows, and what to look for, in two or three sentences. */
  summary: string;
  scenario: Scenario;
}

export function scenarioOf(fields: Partial<Scenario> & Pick<Scenario, 'name' | 'strategy' | 'actions'>): Scenario {
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    seed: DEFAULT_SEED,
    knobs: {},
    clients: DEFAULT_CLIENTS,
    network: { ...DEFAULT_NETWORK },
    clocks: {},
    labels: [],
    ...fields,
  };
}

/** The article's race: Client1 takes token 33 and freezes before its write leaves; Client2 takes 34. */
export const RACE_ACTIONS: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 100, type: 'pause', client: 'Client1', durationMs: 2500 },
  // Client1 had decided to write Y when the pause hit: the write waits inside the frozen client.
  { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
  { atMs: 1200, type: 'acquire', client: 'Client2' },
  { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
];

/** The article's t0-t6, matched to the steps they name. Tokens are given where they are numbers. */
export function raceLabels(first = 33): StepLabel[] {
  return [
    { label: 't0', kind: 'lock.granted', client: 'Client1' },
    { label: 't1', kind: 'client.paused', party: 'Client1' },
    { label: 't2', kind: 'lease.expired', client: 'Client1' },
    { label: 't3', kind: 'lock.granted', client: 'Client2' },
    { label: 't4', kind: 'write.accepted', client: 'Client2', ...(first ? { token: first + 1 } : {}) },
    { label: 't5', kind: 'client.resumed', party: 'Client1' },
    { label: 't6', kind: 'write.rejected', client: 'Client1' },
  ];
}
