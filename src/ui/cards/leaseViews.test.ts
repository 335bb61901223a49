// A client's belief set against the record of the lock service or quorum, for every strategy: who is
// a zombie, and sentences that never leave a blank where a time would go.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, findPreset, type Trace } from '../../engine';
import { partyCards } from './partyModel';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const traceOf = (id: string) => simulate(findPreset(id)!.scenario);
const at = (trace: Trace, label: string) => trace.steps.findIndex((s) => s.label === label);
const lease = (trace: Trace, cursor: number, id: string) => partyCards(trace, cursor).find((c) => c.id === id)!.lease!;

describe('lease views', () => {
  it('never marks the holder of the newest live grant a zombie, in any preset', () => {
    for (const preset of PRESETS) {
      const trace = simulate(preset.scenario);
      let grants = 0;
      trace.steps.forEach((step, cursor) => {
        if (step.kind === 'lock.granted') grants += 1;
        const newest = trace.leases[grants - 1];
        if (!newest || (newest.endedMs !== null && newest.endedMs <= step.timeMs)) return;
        // Journal nodes depose an epoch when a quorum of them promise a newer one, before its
        // proposer hears of its win and the trace records the grant.
        const promises = Object.values(step.snapshots).filter((v) => 'lastWriterEpoch' in v.fields);
        const above = promises.filter((v) => (v.fields.maxSeen as number) > (newest.token as number));
        if (above.length > promises.length / 2) return;
        const card = partyCards(trace, cursor).find((c) => c.id === newest.holder);
        expect(card?.lease?.zombie, `${preset.id} step ${cursor}: ${newest.holder}`).not.toBe(true);
      });
    }
  });

  it('marks only a client that believes it holds the lock, and says why', () => {
    for (const preset of PRESETS) {
      const trace = simulate(preset.scenario);
      trace.steps.forEach((_, cursor) => {
        for (const card of partyCards(trace, cursor)) {
          if (!card.lease?.zombie) continue;
          expect(card.state, `${preset.id} step ${cursor}`).toBe('holding');
          expect(card.lease.zombieWhy).toMatch(/and it does not know$/);
        }
      });
    }
  });

  it('never writes "until —" or leaves a value out of a sentence', () => {
    for (const preset of PRESETS) {
      const trace = simulate(preset.scenario);
      trace.steps.forEach((_, cursor) => {
        for (const card of partyCards(trace, cursor)) {
          if (!card.lease) continue;
          const text = `${card.lease.believes} | ${card.lease.service}`;
          expect(text, `${preset.id} step ${cursor} ${card.id}`).not.toMatch(/—|undefined|null|NaN/);
        }
      });
    }
  });

  it('HDFS epochs: the new writer is the writer until a newer epoch is promised, with no lease', () => {
    const trace = traceOf('qjm-race');
    const won = trace.steps.findIndex((s) => s.text === 'Client2 is the writer with epoch 34.');
    for (let cursor = won; cursor < trace.steps.length; cursor++) {
      expect(lease(trace, cursor, 'Client2')).toMatchObject({
        zombie: false,
        authority: 'Journal nodes',
        believes: 'is the writer with epoch 34 until a newer epoch is promised',
        service: 'epoch 34, promised by JN1, JN2, JN3',
      });
    }
  });

  it('HDFS epochs: the paused writer is deposed as soon as a quorum promises a newer epoch', () => {
    const trace = traceOf('qjm-race');
    const quorum = trace.steps.findIndex((s) => s.text.startsWith('JN1 promises epoch 34'));
    expect(lease(trace, quorum - 1, 'Client1')).toMatchObject({ zombie: false });
    expect(lease(trace, quorum, 'Client1')).toMatchObject({
      zombie: true,
      zombieWhy: 'a newer epoch was promised, and it does not know',
      service: 'JN1, JN2 promised epoch 34, a quorum: epoch 33 is deposed',
    });
    expect(lease(trace, at(trace, 't3'), 'Client1').service).toBe(
      'epoch 33 superseded at 1,218 ms by epoch 34 (Client2)',
    );
  });

  it("Redlock: a holder whose grant still counts is a zombie once the masters' majority goes to another", () => {
    const trace = traceOf('redlock-clock-jump');
    const t0 = lease(trace, at(trace, 't0'), 'Client1');
    expect(t0).toMatchObject({ authority: 'Redis masters', zombie: false });
    expect(t0.service).toBe('token dd7a05dd on 3 of 5 masters, valid until 988 ms');
    const t3 = lease(trace, at(trace, 't3'), 'Client1');
    expect(t3).toMatchObject({ zombie: true, zombieWhy: 'the lock went to Client2 too, and it does not know' });
    expect(lease(trace, at(trace, 't3'), 'Client2').zombie).toBe(false);
  });

  it('ZooKeeper, etcd and Chubby: the deadline the server keeps, in their own words', () => {
    const zk = traceOf('zookeeper-race');
    expect(lease(zk, at(zk, 't3') + 1, 'Client2')).toMatchObject({
      authority: 'ZooKeeper',
      believes: 'holds token 36 for as long as its session lives',
      service: 'token 36, session alive until 2,221 ms',
      zombie: false,
    });
    expect(lease(zk, at(zk, 't5'), 'Client1')).toMatchObject({
      zombie: true,
      zombieWhy: 'its session is over, and it does not know',
    });
    const etcd = traceOf('etcd-race');
    expect(lease(etcd, at(etcd, 't3') + 1, 'Client2').service).toBe('token 35, lease alive until 2,207 ms');
    const chubby = traceOf('chubby-race');
    expect(lease(chubby, at(chubby, 't3') + 1, 'Client2')).toMatchObject({
      authority: 'Chubby cell',
      believes: 'holds token 34 until 2,870 ms on its own clock',
      service: 'token 34, session alive until 2,876 ms',
      zombie: false,
    });
  });
});
