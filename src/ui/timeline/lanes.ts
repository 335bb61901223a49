// A lane per party, in the order the story reads: the lock service(s) on top, then the clients,
// then the resources the fence protects, then anything outside the fence. Invariant: every party of
// the trace has exactly one lane, and lanes tile the plot from top to bottom without overlapping.

import type { PartyInfo, PartyKind, Trace } from '../../engine';
import type { LaneShape, PlotArea } from './types';

const KIND_ORDER: Record<PartyKind, number> = { lock: 0, client: 1, resource: 2, mailer: 3 };

const KIND_WORDS: Record<PartyKind, string> = {
  lock: 'issues tokens',
  client: 'client',
  resource: 'checks tokens',
  mailer: 'outside the fence',
};

/** Where a lane's line sits below its top: room above for tokens, below for lease bars. */
export const LANE_LINE_OFFSET_PX = 28;

export function orderParties(parties: readonly PartyInfo[]): PartyInfo[] {
  return parties
    .map((party, index) => ({ party, index }))
    .sort((a, b) => KIND_ORDER[a.party.kind] - KIND_ORDER[b.party.kind] || a.index - b.index)
    .map(({ party }) => party);
}

/**
 * "Second store (no check)" reads as a name and a note; a plain name gets its kind as the note,
 * except a resource that trusts its clients, which says so.
 */
function splitLabel(party: PartyInfo, checks: boolean, tokenSource?: string): { title: string; subtitle: string } {
  const match = /^(.*?)\s*\((.+)\)\s*$/.exec(party.label);
  if (match?.[1] && match[2]) return { title: match[1], subtitle: match[2] };
  if (party.kind === 'resource' && !checks) return { title: party.label, subtitle: 'does not check tokens' };
  if (party.kind === 'lock') return { title: party.label, subtitle: lockWords(tokenSource) };
  return { title: party.label, subtitle: KIND_WORDS[party.kind] };
}

/** A plain lease has no token, and a random value is not an ordered token: the lane says so. */
function lockWords(tokenSource?: string): string {
  if (tokenSource === 'none') return 'grants leases, no token';
  if (tokenSource === 'uuid') return 'hands out random values';
  return KIND_WORDS.lock;
}

/** Whether a party checks tokens, read from its first snapshot ("check" is a resource's mode). */
export function checksTokens(trace: Pick<Trace, 'steps'>, party: string): boolean {
  return trace.steps[0]?.snapshots[party]?.fields.check !== 'none';
}

export function layoutLanes(
  trace: Pick<Trace, 'parties' | 'steps'> & Partial<Pick<Trace, 'knobs'>>,
  plot: PlotArea,
): LaneShape[] {
  const parties = trace.parties;
  const ordered = orderParties(parties);
  const height = (plot.bottom - plot.top) / Math.max(1, ordered.length);
  return ordered.map((party, i) => {
    const top = plot.top + i * height;
    return {
      party: party.id,
      kind: party.kind,
      ...splitLabel(party, checksTokens(trace, party.id), trace.knobs?.tokenSource),
      top,
      height,
      y: top + Math.min(LANE_LINE_OFFSET_PX, height * 0.4),
    };
  });
}

export function laneIndex(lanes: readonly LaneShape[]): Map<string, LaneShape> {
  return new Map(lanes.map((lane) => [lane.party, lane]));
}
