// The recorded run's narration is the engine's: a line the model also writes reads, in a
// recording, as the model's sentence for the same event with the recording's own tokens, so a
// wording changed in the engine changes in both views and a copy made in one would fail here.

import { describe, expect, it } from 'vitest';
import { createSimulator, type Step, type Trace } from '../../../engine';
import { ALL_MODELS } from '../../../engine/surfaces/allModels';
import { scenarioFor, type Observation, type Recording } from '../../../engine/surfaces/recorded';
import { recordingToTrace } from './toTrace';

const { simulate } = createSimulator(ALL_MODELS);

const files = import.meta.glob<Recording>('../../../../public/recordings/*.json', { eager: true, import: 'default' });
const byId = (id: string): Recording =>
  structuredClone(Object.entries(files).find(([f]) => f.endsWith(`/${id}.json`))![1]);

/** The store's verdict on `client`'s write in a trace. */
const verdictOf = (trace: Trace, client: string): Step =>
  trace.steps.find((s) => s.write?.resource === 'Storage' && s.write.client === client)!;

/** A verdict's sentence with its own tokens named, so two runs' sentences compare as words. */
function wording(step: Step): string {
  const w = step.write!;
  const names: [string, string][] = [
    [String(w.token), '<token>'],
    [String(w.maxSeenAfter), '<max_seen>'],
    [String(w.maxSeenBefore), '<max_seen before>'],
  ];
  return names.reduce((text, [token, name]) => text.replace(new RegExp(`\\b${token}\\b`, 'g'), name), step.text);
}

describe("a stale write's line is the engine narrator's sentence for the same event", () => {
  it.each(['etcd-race', 'zookeeper-race'])(
    "%s: the zombie's refused write reads as the model's refusal, then the zombie's sentence",
    (id) => {
      const rec = byId(id);
      const recorded = verdictOf(recordingToTrace(rec).trace, 'Client1');
      const model = simulate(scenarioFor(rec));
      const modelled = verdictOf(model, 'Client1');
      expect(recorded.write).toMatchObject({ verdict: 'rejected', stale: true });
      expect(modelled.write?.verdict).toBe('rejected');
      // The model does not say a refused write was a zombie's; it says so of one that got in.
      const zombie = model.steps
        .concat(simulate(scenarioFor(byId('redlock-race'))).steps)
        .map((s) => /That write came from a zombie: Client1's grant had been superseded\./.exec(s.text)?.[0])
        .find(Boolean);
      expect(zombie).toBeDefined();
      expect(wording(recorded)).toBe(`${wording(modelled)} ${zombie}`);
      expect(wording(recorded)).toContain('<token> <= <max_seen> -> REJECT');
    },
  );

  it("etcd-restore: the rightful holder's refused write reads as the model's refusal, reason and all", () => {
    const rec = byId('etcd-restore');
    const recorded = verdictOf(recordingToTrace(rec).trace, 'Client2');
    const modelled = verdictOf(simulate(scenarioFor(rec)), 'Client2');
    expect(recorded.write).toMatchObject({ verdict: 'rejected', stale: false, reason: modelled.write!.reason });
    expect(wording(recorded)).toBe(
      `${wording(modelled)} Client2 does hold the lock: the fence turned away the rightful holder.`,
    );
  });
});

it('redlock-restart: the superseded writer whose validity had not run out is told as the model tells it, a second holder', () => {
  const rec = byId('redlock-restart');
  const recorded = verdictOf(recordingToTrace(rec).trace, 'Client1');
  const modelled = verdictOf(simulate(scenarioFor(rec)), 'Client1');
  expect(recorded.write).toMatchObject({ verdict: 'accepted', stale: true });
  const twoHolders = /Client1 and Client2 both hold the lock now.*$/;
  expect(modelled.text).toMatch(twoHolders);
  expect(twoHolders.exec(recorded.text)?.[0]).toBe(twoHolders.exec(modelled.text)?.[0]);
  expect(recorded.text).not.toMatch(/zombie/);
});

describe('every observation the view makes a step of has words', () => {
  // Kinds no shipped recording has yet, beside one that has each of the others.
  const extra: Observation[] = [
    { atMs: 1, party: 'Client1', kind: 'write.queued', detail: { value: 'X' } },
    { atMs: 2, party: 'Client1', kind: 'write.skipped', detail: { value: 'X' } },
    { atMs: 3, party: 'Client1', kind: 'session.reconnected' },
  ];
  const redlock: Observation[] = [{ atMs: 4, party: 'Client1', kind: 'lock.failed', detail: { votes: 2 } }];
  it.each(Object.keys(files).map((f) => /([^/]+)\.json$/.exec(f)![1]!))('%s', (id) => {
    const rec = byId(id);
    rec.observations = [
      ...extra,
      ...(rec.system === 'redis' ? redlock : []),
      ...rec.observations.map((o) => ({ ...o, atMs: o.atMs + 5 })),
    ];
    const { trace, skipped } = recordingToTrace(rec);
    expect(skipped).toBe(0);
    for (const s of trace.steps) {
      expect(s.text).toMatch(/^\S.*[.)]$/);
      expect(s.text).not.toMatch(/undefined|NaN|null|\[object| {2}/);
    }
  });
});
