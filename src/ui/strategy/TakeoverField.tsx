// The store fenced at takeover, as a checkbox: a new holder gives the store its token as soon as it
// takes the lock, before any write of its own (Temporal's shard range_id, Kafka's broker epoch).
// Invariant: offered only under a strategy whose clients can fence, and enabled only where the run
// could keep it (engine's takeoverBlock), so ticking it never makes a scenario validation refuses.

import { asksFenceAtTakeover, takeoverBlock, type Knobs, type StrategyDef, type TakeoverBlock } from '../../engine';
import { useActions } from '../store/context';

export const TAKEOVER_LABEL = 'A new holder gives the store its token as soon as it takes the lock';

/** Why the box cannot be ticked (or the equality check picked), in the lab's words, for a run
 * whose knobs block the fence. */
export const BLOCKED_WORDS: Record<Exclude<TakeoverBlock['knob'], 'strategy'>, string> = {
  tokenSource: 'It needs a token to give: pick a token source first.',
  blobStore: 'It needs a store that compares tokens; a blob store with plain puts cannot.',
  check:
    'It needs a check that lets the new holder’s own token through after it: reject token < max_seen, (token, write number), or equal to the current holder’s token.',
};

/** What the box means when it can be used: on, what it does; off, what happens without it. */
function meaning(on: boolean, byEqual: boolean): string {
  if (byEqual) return 'The equality check needs it: the store compares each write with the token it was given.';
  return on
    ? 'The store learns the newest token when the lock changes hands, so a stale write that arrives before the new holder’s first write is refused (Temporal’s shard range_id, Kafka’s broker epoch). The holder’s writes wait for the store’s answer.'
    : 'The store learns a newer token only from the first write that carries it, so a stale write that arrives before it is judged against the old one.';
}

/** The checkbox, or nothing under a strategy whose clients cannot fence. `knobs`: the run's. */
export function TakeoverField({ knobs, strategy }: { knobs: Knobs; strategy: StrategyDef }) {
  const { setKnob } = useActions();
  if (!strategy.fencesAtTakeover) return null;
  const byEqual = knobs.check === 'equal';
  const on = asksFenceAtTakeover(knobs);
  const block = takeoverBlock(strategy, knobs);
  const blocked = block && block.knob !== 'strategy' && !on ? BLOCKED_WORDS[block.knob] : null;
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={on && !block}
          disabled={byEqual || blocked !== null}
          onChange={(e) => setKnob('fenceAtTakeover', e.currentTarget.checked ? true : undefined)}
        />
        {TAKEOVER_LABEL}
      </label>
      <p className="hint">{blocked ?? meaning(on, byEqual)}</p>
    </>
  );
}

/** The same reasons, short enough to follow a greyed choice's name in a list. */
export const BLOCKED_SHORT: Record<Exclude<TakeoverBlock['knob'], 'strategy'>, string> = {
  tokenSource: 'needs a token source',
  blobStore: 'needs a store that compares tokens',
  check: 'needs another check',
};
