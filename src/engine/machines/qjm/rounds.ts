// Quorum arithmetic for a QJM writer, as plain functions: rounds of calls to every journal node
// (getJournalState, newEpoch) and the acknowledgements of each edit.
// Invariant: a round is won with a majority of yes, and lost once so many said no that a
// majority is out of reach; the same thresholds decide whether an edit commits or deposes.

import { quorumOf } from '../common/quorum';

export interface Round {
  id: number;
  kind: 'getJournalState' | 'newEpoch';
  epoch: number;
  yes: string[];
  no: string[];
  maxPromised: number;
  maxTxid: number;
}

export interface Acks {
  yes: string[];
  no: string[];
}

/** Refusals after which no majority can say yes. */
export const refusalsToLose = (nodes: number): number => nodes - quorumOf(nodes) + 1;

export const newRound = (id: number, kind: Round['kind'], epoch: number): Round => ({
  id,
  kind,
  epoch,
  yes: [],
  no: [],
  maxPromised: 0,
  maxTxid: 0,
});

/** One journal node's answer: yes or no, and what it reports of its promise and its log. */
export function tally(r: Round, from: string, yes: boolean, promised: number, lastTxid: number): Round {
  return {
    ...r,
    yes: yes ? [...r.yes, from] : r.yes,
    no: yes ? r.no : [...r.no, from],
    maxPromised: Math.max(r.maxPromised, promised),
    maxTxid: Math.max(r.maxTxid, lastTxid),
  };
}

export const ack = (a: Acks | undefined, from: string, ok: boolean): Acks => {
  const acks = a ?? { yes: [], no: [] };
  return { yes: ok ? [...acks.yes, from] : acks.yes, no: ok ? acks.no : [...acks.no, from] };
};
