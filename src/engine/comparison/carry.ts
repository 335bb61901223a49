// Carrying a what-if from one strategy to another by role. A scenario names parties ("crash
// LockService at 800 ms", "cut Client1 from ZooKeeper"); another strategy has other parties. Each
// party is carried by what it is: a client is the same client, a store the same store, and the
// lock authority (LockService, ZooKeeper, etcd, Chubby, the five Redis masters, the three journal
// nodes) the other strategy's authority. One member of several (Redis3, JN2) has no counterpart in
// a strategy with another number of members: what names it is left out, and a note says so.
// Invariant: every note names what was changed or left out; nothing is dropped silently.

import type { Action, ClockSpec, Scenario } from '../core/scenario';
import { clientIds } from '../core/parties';
import { authoritiesOf, effectiveKnobs, findStrategy } from '../strategies/registry';
import type { StrategyDef } from '../strategies/types';
import { takeoverBlock } from '../strategies/takeover';
import { carryLabel } from './carryLabels';
import { kindOf } from '../actions/kinds';
import type { CarryShape } from '../actions/define';

export interface Carried {
  scenario: Scenario;
  /** What was carried differently or left out, in sentences ("LockService's crash at 800 ms is
   * carried to all five Redis masters."). Empty when the scenario is the strategy's own. */
  notes: string[];
}

/** The parties a strategy's run of `scenario` would have (its knobs decide the stores). */
function partiesOf(strategy: StrategyDef, scenario: Scenario, knobs: Scenario['knobs']): string[] {
  return strategy.parties(effectiveKnobs(strategy, knobs), clientIds(scenario.clients)).map((p) => p.id);
}

/** "the five Redis masters", "ZooKeeper": a target's authority, for notes. */
function authorityWords(s: StrategyDef): string {
  const all = authoritiesOf(s);
  if (all.length === 1) return all[0]!;
  const count = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'][all.length] ?? String(all.length);
  return `all ${count} of ${all.join(', ')}`;
}

/** One carry under way: the two strategies, how parties map, and what it has carried so far. */
interface Carry {
  source: StrategyDef;
  target: StrategyDef;
  sourceAuthorities: readonly string[];
  targetAuthorities: readonly string[];
  /** What `party` is under the target: a list of parties (empty: none). */
  mapParty(party: string): string[];
  /** The actions of the same type at the same instant as `action` (itself included), with their indexes. */
  instantOf(action: Action): (readonly [Action, number])[];
  /** The carried actions, in order. */
  actions: Action[];
  /** The indexes of source actions already carried, with a twin carried before them. */
  done: Set<number>;
  /** What was left out, grouped by why. */
  leftOut: Map<string, string[]>;
  /** What was carried to other parties. */
  moved: string[];
}

function startCarry(scenario: Scenario, source: StrategyDef, target: StrategyDef, knobs: Scenario['knobs']): Carry {
  const targetParties = new Set(partiesOf(target, scenario, knobs));
  const sourceAuthorities = authoritiesOf(source);
  const targetAuthorities = authoritiesOf(target);
  const mapParty = (party: string): string[] => {
    if (sourceAuthorities.includes(party)) {
      if (sourceAuthorities.length === 1) return [...targetAuthorities];
      // One member of several: the same member only where the target has the very same set.
      return sourceAuthorities.join() === targetAuthorities.join() ? [party] : [];
    }
    return targetParties.has(party) ? [party] : [];
  };
  // Actions of one type at one instant, with their indexes: where a several-member action's twins are.
  const sameInstant = new Map<string, (readonly [Action, number])[]>();
  scenario.actions.forEach((a, i) => {
    const key = `${a.type}|${a.atMs}`;
    sameInstant.set(key, [...(sameInstant.get(key) ?? []), [a, i] as const]);
  });
  return {
    source,
    target,
    sourceAuthorities,
    targetAuthorities,
    mapParty,
    instantOf: (a) => sameInstant.get(`${a.type}|${a.atMs}`) ?? [],
    actions: [],
    done: new Set(),
    leftOut: new Map(),
    moved: [],
  };
}

/** Notes that `what` was left out, because `why`. */
function leaveOut(c: Carry, why: string, what: string): void {
  c.leftOut.set(why, [...(c.leftOut.get(why) ?? []), what]);
}

/** Every member of a multi-member authority named by `party` fields of the same action at once. */
function wholeAuthority(c: Carry, group: Action[], field: (a: Action) => string | undefined): boolean {
  return c.sourceAuthorities.length > 1 && c.sourceAuthorities.every((m) => group.some((a) => field(a) === m));
}

/** Carries an action on one party (its `field`), `at` naming it in notes. */
function carryOnParty(c: Carry, action: Action, field: string, at: string): void {
  // The same action on every member (as a carry to Redlock writes it) is the authority's own.
  const twins = c.instantOf(action).filter(([a]) => sameBut(a, action, field));
  if (
    wholeAuthority(
      c,
      twins.map(([a]) => a),
      (a) => fieldOf(a, field),
    )
  ) {
    twins.forEach(([, i]) => c.done.add(i));
    for (const party of c.targetAuthorities) c.actions.push({ ...action, [field]: party });
    if (c.targetAuthorities.length > 1 || c.sourceAuthorities.join() !== c.targetAuthorities.join())
      c.moved.push(`the ${at} of every ${memberWord(c.source)} → ${authorityWords(c.target)}`);
    return;
  }
  const party = fieldOf(action, field)!;
  const to = c.mapParty(party);
  if (to.length === 0) {
    leaveOut(c, whyNot(party, c.source, c.target), `${party}'s ${at}`);
    return;
  }
  if (to.length > 1 || to[0] !== party)
    c.moved.push(`${party}'s ${at} → ${to.length > 1 ? authorityWords(c.target) : to[0]}`);
  for (const p of to) c.actions.push({ ...action, [field]: p });
}

/**
 * Carries an action on a link between the parties in fields `names` when it is one of the same
 * cut between one party and every member of the authority at once: a cut from the authority.
 * Whether it was.
 */
function carryLinkToAuthority(c: Carry, action: Action, names: readonly [string, string], at: string): boolean {
  const ends = (a: Action): [string, string] => [fieldOf(a, names[0]) ?? '', fieldOf(a, names[1]) ?? ''];
  const [x, y] = ends(action);
  for (const side of [0, 1] as const) {
    const member = [x, y][side]!;
    if (c.sourceAuthorities.length < 2 || !c.sourceAuthorities.includes(member)) continue;
    const other = [x, y][1 - side]!;
    const twins = c
      .instantOf(action)
      .filter(([a]) => ends(a)[1 - side] === other)
      .filter(([a]) => sameBut(a, action, names[side]));
    if (
      !wholeAuthority(
        c,
        twins.map(([a]) => a),
        (a) => ends(a)[side],
      )
    )
      continue;
    twins.forEach(([, i]) => c.done.add(i));
    const others = c.mapParty(other);
    const pairs = c.targetAuthorities.flatMap((t) => others.map((o) => (side ? [o, t] : [t, o]) as [string, string]));
    c.moved.push(
      `the ${at} between ${other} and every ${memberWord(c.source)} → ${pairs.map(([p, q]) => `${p}–${q}`).join(', ')}`,
    );
    for (const [p, q] of pairs) c.actions.push({ ...action, [names[0]]: p, [names[1]]: q });
    return true;
  }
  return false;
}

/** Carries an action on the link between the parties in fields `names`, `at` naming it in notes. */
function carryOnLink(c: Carry, action: Action, names: readonly [string, string], at: string): void {
  if (carryLinkToAuthority(c, action, names, at)) return;
  const x = fieldOf(action, names[0]) ?? '';
  const y = fieldOf(action, names[1]) ?? '';
  const xs = c.mapParty(x);
  const ys = c.mapParty(y);
  if (xs.length === 0 || ys.length === 0) {
    const missing = xs.length === 0 ? x : y;
    leaveOut(c, whyNot(missing, c.source, c.target), `the ${at} between ${x} and ${y}`);
    return;
  }
  const pairs = xs.flatMap((p) => ys.map((q) => [p, q] as const)).filter(([p, q]) => p !== q);
  if (pairs.length === 0) return;
  if (pairs.length > 1 || pairs[0]![0] !== x || pairs[0]![1] !== y)
    c.moved.push(`the ${at} between ${x} and ${y} → ${pairs.map(([p, q]) => `${p}–${q}`).join(', ')}`);
  for (const [p, q] of pairs) c.actions.push({ ...action, [names[0]]: p, [names[1]]: q });
}

/** Each party's clock settings, carried to its counterparts. */
function carryClocks(c: Carry, clocks: Scenario['clocks']): Record<string, ClockSpec> {
  const carried: Record<string, ClockSpec> = {};
  for (const [party, spec] of Object.entries(clocks)) {
    const to = c.mapParty(party);
    if (to.length === 0) leaveOut(c, whyNot(party, c.source, c.target), `${party}'s clock settings`);
    else if (to.length > 1 || to[0] !== party) c.moved.push(`${party}'s clock settings → ${to.join(', ')}`);
    for (const p of to) carried[p] = spec;
  }
  return carried;
}

/**
 * `scenario` under `strategyId`, its parties carried by role, with notes on what could not be
 * carried one for one. The strategy's own token source and check apply (the scenario's are its
 * source strategy's); labels ask for the same steps in the target's terms (carryLabels.ts).
 * @throws Error for an unknown strategy id.
 */
export function carryTo(scenario: Scenario, strategyId: string): Carried {
  const target = findStrategy(strategyId);
  if (!target) throw new Error(`unknown strategy "${strategyId}"`);
  if (scenario.strategy === strategyId) return { scenario, notes: [] };
  const source = findStrategy(scenario.strategy);
  if (!source) throw new Error(`unknown strategy "${scenario.strategy}"`);
  const { tokenSource: _t, check: _c, ...kept } = scenario.knobs;
  const c = startCarry(scenario, source, target, kept);
  const knobs = carryFence(c, kept);
  scenario.actions.forEach((action, index) => {
    if (c.done.has(index)) return;
    const at = `${kindOf(action.type).noun} at ${action.atMs} ms`;
    const shape = carryShapeOf(action);
    if (shape.by === 'party') carryOnParty(c, action, shape.field, at);
    else if (shape.by === 'link') carryOnLink(c, action, shape.ends, at);
    else c.actions.push(action);
  });
  const clocks = carryClocks(c, scenario.clocks);
  const labels = scenario.labels.map((label) => carryLabel(label, source.id, target.id, c.mapParty));
  const notes = [
    ...[...c.leftOut].map(([why, items]) => `Left out, since ${why}: ${items.join('; ')}.`),
    ...(c.moved.length > 0 ? [`Carried: ${c.moved.join('; ')}.`] : []),
  ];
  return { scenario: { ...scenario, strategy: strategyId, knobs, actions: c.actions, clocks, labels }, notes };
}

/**
 * The knobs without `fenceAtTakeover` where the target cannot fence its store at takeover (its
 * clients cannot, or its own token source or check forbids it), with a note saying so: the knob
 * would change nothing there, and a scenario that asks for it where it cannot is refused.
 */
function carryFence(c: Carry, knobs: Scenario['knobs']): Scenario['knobs'] {
  if (knobs.fenceAtTakeover !== true) return knobs;
  const block = takeoverBlock(c.target, effectiveKnobs(c.target, knobs));
  if (!block) return knobs;
  const { fenceAtTakeover: _f, ...rest } = knobs;
  const why =
    block.knob === 'strategy'
      ? `${c.target.name} does not hand its store the new holder's token when the lock changes hands`
      : `a store fenced at takeover ${block.why.replace(/: pick a token source$/u, '')} under ${c.target.name}`;
  leaveOut(c, why, 'the store fenced at takeover');
  return rest;
}

/** How `action` carries (its kind's shape, with the names of its party fields). */
const carryShapeOf = (action: Action): CarryShape<string> => kindOf(action.type).carry;

/** The party that `action`'s field `name` holds (a field its kind's carry shape names). */
const fieldOf = (action: Action, name: string): string | undefined =>
  (action as unknown as Record<string, string | undefined>)[name];

/** Whether two actions differ at most in `field`. */
function sameBut(a: Action, b: Action, field: string): boolean {
  const strip = (x: Action) => JSON.stringify({ ...x, [field]: undefined });
  return strip(a) === strip(b);
}

/** "master" or "journal node": what one member of a several-member authority is. */
const memberWord = (s: StrategyDef): string => (s.id === 'redlock' ? 'Redis master' : 'journal node');

/**
 * Why `party` of `source` has no counterpart under `target`: the middle of a sentence. A member of
 * several (a Redis master, a journal node) is said without the target's name: every other system
 * leaves out the same, in the same words, so a table of them can say it once.
 */
function whyNot(party: string, source: StrategyDef, target: StrategyDef): string {
  const members = authoritiesOf(source);
  if (members.includes(party))
    return `one of the ${members.length} ${memberWord(source)}s has no counterpart in a system without them`;
  return `${target.name} has no ${party}`;
}
