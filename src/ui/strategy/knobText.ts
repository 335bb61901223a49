// Words for the pitfall knobs: what each choice is and what it does to the fence.

import type { CheckMode, StrategyDef, TokenSource } from '../../engine';

export const TOKEN_SOURCES: { value: TokenSource; label: string; explain: string }[] = [
  {
    value: 'durable-counter',
    label: 'Durable counter',
    explain: 'Each grant gets the next number, written down before the reply, so it keeps climbing across restarts.',
  },
  {
    value: 'resetting-counter',
    label: 'Counter kept in memory',
    explain: 'Counts up like the durable one, but a restart forgets it and old numbers are handed out again.',
  },
  {
    value: 'uuid',
    label: 'Random value (UUID-like)',
    explain: 'Unique, but random: a later grant is as likely to compare lower as higher.',
  },
  {
    value: 'wall-clock',
    label: "Lock service's clock",
    explain: 'The time of the grant in ms. A clock stepped back (NTP, a VM migration) issues smaller tokens later.',
  },
  { value: 'none', label: 'No token', explain: 'A plain lease: the client has nothing to show the resource.' },
];

/** The token source choices, worded in the strategy's own terms where it has them (sourceWords). */
export function tokenSourcesFor(
  strategy: Pick<StrategyDef, 'sourceWords'> | undefined,
): { value: TokenSource; label: string; explain: string }[] {
  const own = strategy?.sourceWords ?? {};
  return TOKEN_SOURCES.map((t) => ({ ...t, ...own[t.value] }));
}

export const CHECKS: { value: CheckMode; label: string; explain: string }[] = [
  {
    value: 'reject-le',
    label: 'reject token <= max_seen',
    explain:
      'The seed article’s rule, and the one that fences: a write is refused unless its token is larger than any accepted before. Equal counts as stale, so one token can never write for two holders.',
  },
  {
    value: 'reject-lt',
    label: 'reject token < max_seen',
    explain:
      'Equal tokens pass; only smaller ones are refused. Harmless while every grant gets a fresh number; if a number is ever issued twice, both holders can write.',
  },
  {
    value: 'token-seq',
    label: 'compare (token, seq) pairs',
    explain:
      'Each write carries its token and the client’s own write counter; pairs are compared in order, so one holder can write many times while an older token stays refused.',
  },
  {
    value: 'none',
    label: 'no check',
    explain: 'Tokens may be carried, but nothing compares them: a token nobody checks fences nothing.',
  },
];
