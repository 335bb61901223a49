// Where a recording and the model's run of the same schedule differ, in plain sentences for a
// class: who got the lock when, the tokens' numbers and gaps, when leases ended, and the store's
// verdicts. These are the facts the conformance test compares (schedule.ts), told instead of
// asserted. Invariant: pure; every number in a sentence is read from the two sets of facts.

import type { Trace } from '../../../engine';
import { tokenInteger, type Recording } from '../../../engine/surfaces/recorded';
import { modelFacts, realFacts, type Facts } from '../../../engine/surfaces/recorded';

/** Why a real lease ends later than the model's, per system. */
const LATE_BECAUSE: Record<Recording['system'], string> = {
  etcd: 'etcd revokes expired leases in sweeps (every 500 ms), not at the exact moment the TTL runs out',
  zookeeper: 'ZooKeeper expires sessions in buckets, one tick at a time, not at the exact moment',
  redis: "a Redlock grant lasts as long as its client computes, so the real client's timing moves it",
};

const ms = (n: number) => `${Math.round(n)} ms`;
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

function grantWords(real: Facts, model: Facts): string[] {
  const who = (f: Facts) => f.grants.map((g) => g.client).join(', ');
  if (who(real) !== who(model))
    return [
      `The lock went to ${who(real) || 'nobody'} in the real run, but to ${who(model) || 'nobody'} in the model.`,
    ];
  const times = real.grants.map((g, i) => {
    const m = model.grants[i]?.atMs ?? 0;
    return `${g.client} at ${ms(g.atMs)} (model: ${ms(m)})`;
  });
  return [`The lock went to the same clients in the same order: ${list(times)}. ${whyGrantTimesDiffer(real, model)}`];
}

/** Why the grants' times differ, in the direction they do: the real run later, earlier, or both. */
export function whyGrantTimesDiffer(real: Facts, model: Facts): string {
  const shifts = real.grants.map((g, i) => g.atMs - (model.grants[i]?.atMs ?? g.atMs));
  if (shifts.every((d) => Math.abs(d) < 1)) return 'The times agree to the millisecond.';
  if (shifts.every((d) => d >= 0))
    return "The real run was later: a real client takes longer to set up its connections than the model's network takes for a message (2 to 8 ms).";
  if (shifts.every((d) => d <= 0))
    return "The real run was quicker: processes on one machine answer each other in well under a millisecond, where the model's network takes 2 to 8 ms a message.";
  return "The real run was quicker in places and later in others: processes on one machine answer each other faster than the model's network (2 to 8 ms a message), and a real client sets up its connections slower.";
}

function tokenWords(rec: Recording, real: Facts, model: Facts): string[] {
  if (real.grants.length === 0) return [];
  if (rec.system === 'redis')
    return [
      `Redlock's "tokens" are random values (${real.grants.map((g) => `${g.token.slice(0, 8)}…`).join(', ')}), in the model too: they do not grow, so a store comparing them is guessing.`,
    ];
  const tokens = (f: Facts) => list(f.grants.map((g) => g.token));
  const gaps = (f: Facts) =>
    f.grants.slice(1).map((g, i) => (tokenInteger(g.token) - tokenInteger(f.grants[i]?.token ?? '0')).toString());
  const same = gaps(real).join() === gaps(model).join();
  const kind = rec.system === 'etcd' ? 'revisions' : 'zxids';
  const gapText = gaps(real).length
    ? same
      ? ` The steps between them are the same (${list(gaps(real))}).`
      : ` The steps between them differ: ${list(gaps(real))} in the real run, ${list(gaps(model))} in the model.`
    : '';
  return [
    `The tokens (${kind}) were ${tokens(real)} on the real server and ${tokens(model)} in the model: the model's server has already counted to 32 before the race, a fresh real one starts near 1.${gapText}`,
  ];
}

function endWords(rec: Recording, real: Facts, model: Facts): string[] {
  const out: string[] = [];
  for (const client of new Set([...Object.keys(real.ended), ...Object.keys(model.ended)])) {
    const r = real.ended[client];
    const m = model.ended[client];
    if (r === undefined)
      out.push(`In the model ${client}'s lease ended at ${ms(m ?? 0)}; in the real run it did not end.`);
    else if (m === undefined) out.push(`${client}'s real lease ended at ${ms(r)}; in the model it did not end.`);
    else {
      const late = r - m;
      const how =
        Math.abs(late) < 10
          ? 'at about the same time as'
          : late > 0
            ? `${ms(late)} later than`
            : `${ms(-late)} earlier than`;
      out.push(
        `The real lease of ${client} ended ${how} the model's (${ms(r)} against ${ms(m)})${late >= 10 ? `: ${LATE_BECAUSE[rec.system]}` : ''}.`,
      );
    }
  }
  return out;
}

function verdictWords(rec: Recording, real: Facts, model: Facts): string[] {
  const txn = rec.schedule.knobs.check === 'validity';
  const say = (f: Facts) =>
    txn
      ? f.txns.map((t) => `${t.client}'s txn ${t.ok ? 'succeeded' : 'failed'}`)
      : f.writes.map((w) => `${w.client}'s write ${w.verdict}`);
  const r = say(real);
  const m = say(model);
  const what = txn ? "etcd's guarded txn" : 'the store';
  // etcd-txn-race: the real clients write to the max_seen store as well as through the txn; the
  // model's clients write only through the txn, so its store sees no write. Said, not hidden.
  const storeToo =
    txn && real.writes.length > 0 && model.writes.length === 0
      ? [
          `The real clients also wrote to the max_seen store, which decided: ${list(real.writes.map((w) => `${w.client}'s write ${w.verdict}`))}; the model's clients write only through the txn, so its store saw no write.`,
        ]
      : [];
  if (r.join() === m.join()) return [`In both, ${what} decided the same way: ${list(r) || 'no writes'}.`, ...storeToo];
  const only = (a: Facts, b: Facts) => a.writes.filter((w) => !b.writes.some((x) => x.client === w.client));
  const extra = only(real, model).map((w) => `${w.client} wrote (${w.verdict}) only in the real run`);
  const missing = only(model, real).map((w) => `${w.client} wrote only in the model`);
  return [
    `The verdicts differ. Real run: ${list(r) || 'no writes'}. Model: ${list(m) || 'no writes'}.${
      extra.length || missing.length ? ` ${list([...extra, ...missing])}.` : ''
    }${rec.system === 'redis' ? ' With random values either verdict is luck.' : ''}`,
    ...storeToo,
  ];
}

/**
 * The differences between a recording and the model's run of its schedule, as sentences.
 * @param model simulate(scenarioFor(rec))
 */
export function recordedDifferences(rec: Recording, model: Trace): string[] {
  const real = realFacts(rec);
  const facts = modelFacts(model);
  return [
    ...grantWords(real, facts),
    ...tokenWords(rec, real, facts),
    ...endWords(rec, real, facts),
    ...verdictWords(rec, real, facts),
  ];
}
