// The engine's sentences in the words of a class that has not met max_seen yet (the walkthrough's
// first chapter runs a store that checks nothing).
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../index';
import { ALL_MODELS } from '../models/all';
import type { Note } from '../core/party';
import type { Step } from '../core/trace';
import type { KnownStrategyId } from '../core/defaults';
import { narrate } from './narrate';
import { stepPhrase } from './text';
import { CHECK_HELD_BACK } from '../machines/client';

const { simulate } = createSimulator(ALL_MODELS);

describe('the narration of a store that checks nothing', () => {
  it('says it remembers no token, not that it keeps no max_seen', () => {
    const trace = simulate(findPreset('lease-trust-race')!.scenario);
    const t6 = trace.steps.find((s) => s.label === 't6')!;
    expect(t6.text).toBe(
      "Storage checks Client1's write Y: no check -> ACCEPT (it remembers no token). That write came from a zombie: Client1's grant had been superseded.",
    );
    for (const step of trace.steps) expect(step.text).not.toContain('max_seen');
  });
});

describe('the words of a plain lease and of a message, where no run of the presets says them', () => {
  const race = simulate(findPreset('lease-trust-race')!.scenario);
  const a = race.steps.find((s) => s.kind === 'lock.granted')!;
  const say = (note: object, system: KnownStrategyId = 'lease-trust') =>
    narrate({ system, party: 'LockService', note: note as Note, stale: false, fields: {} });
  const phrase = (step: object, system: KnownStrategyId = 'lease-trust') =>
    stepPhrase({ ...a, ...step } as Step, system).action;

  it('a plain lease given up or granted again has no token, and says so without "token none"', () => {
    const lapsed = { kind: 'lease.lapsed', token: null, detail: { cause: 'a renewal went unanswered' } } as const;
    expect(say(lapsed, 'zookeeper')).toBe('LockService stops believing it holds the lock: a renewal went unanswered.');
    expect(phrase(lapsed, 'zookeeper')).toBe('gives up its lease: a renewal went unanswered');
    const regranted = { kind: 'lock.regranted', token: null, holder: 'Client1', parties: ['Client1'] } as const;
    expect(say(regranted)).toBe('LockService repeats its grant to Client1 (a plain lease, no token).');
    expect(phrase({ ...regranted, parties: ['LockService', 'Client1'] })).toBe(
      'repeats grant(Client1) -> lease, no token',
    );
  });

  it('a message is named by what it carries, never by its type in the code', () => {
    const ignored = {
      kind: 'message.ignored',
      token: 33,
      parties: ['LockService'],
      detail: { type: 'lock.grant' },
    } as const;
    expect(phrase({ ...ignored, parties: ['Client1', 'LockService'] })).toBe('ignores grant 33');
    const dropped = { kind: 'message.dropped', parties: ['Client1'], detail: { type: 'zk.lockHeld' } } as const;
    expect(say(dropped, 'zookeeper')).toBe(
      'The network loses an answer that its node is the lowest from Client1 to LockService.',
    );
    const unknown = { kind: 'message.lost', parties: ['Client1'], detail: { type: 'made.up' } } as const;
    expect(say(unknown)).toBe('A message from Client1 reaches LockService while it is down and is lost.');
  });

  it('a write its own lease check held back was never queued, and is not said to be dropped from a queue', () => {
    const held = { kind: 'write.skipped', detail: { value: 'Y', cause: CHECK_HELD_BACK } } as const;
    expect(say(held)).toBe('LockService does not send Y: its own check found the lease over by its clock.');
    expect(phrase(held)).toBe('holds back write Y: lease over by its clock');
    const queued = { kind: 'write.skipped', detail: { value: 'X', cause: 'no lock after 3 tries' } } as const;
    expect(say(queued, 'redlock')).toBe(
      'LockService drops the write X it was holding for the lock: no lock after 3 tries.',
    );
    expect(phrase(queued, 'redlock')).toBe('drops queued write X: no lock after 3 tries');
  });
});
