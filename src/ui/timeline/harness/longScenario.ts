// A long run for measuring the timeline (10,000+ steps at 1,300 rounds): three clients take turns
// acquiring, writing and releasing, and every fifth one pauses past its lease, so the run is full
// of messages, leases, pauses, accepts and rejects. `writesPerTurn` 2 gives each holder a second
// write under its grant: the cost test needs it for 10,000 steps, since with one write the run
// reached that length only while the old default check (the bare <=) refused holders' writes and
// the retries that followed padded it. Dev and test use only.

import { findPreset, type Action, type Scenario } from '../../../engine';

export function longScenario(rounds: number, writesPerTurn: 1 | 2 = 1): Scenario {
  const actions: Action[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const client = `Client${(i % 3) + 1}`;
    const atMs = i * 400;
    actions.push({ atMs, type: 'acquire', client });
    if (i % 5 === 0) actions.push({ atMs: atMs + 20, type: 'pause', client, durationMs: 1500 });
    actions.push({ atMs: atMs + 30, type: 'write', client, value: `v${i}` });
    if (writesPerTurn === 2) actions.push({ atMs: atMs + 100, type: 'write', client, value: `w${i}` });
    actions.push({ atMs: atMs + 200, type: 'release', client });
  }
  const base = findPreset('canonical-race')!.scenario;
  return { ...base, name: `A long run (${rounds} rounds)`, clients: 3, actions, labels: [] };
}
