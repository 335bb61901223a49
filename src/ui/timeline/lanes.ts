// A lane per party, in the order the story reads: the lock service(s) on top, then the clients,
// then the resources the fence protects, then anything outside the fence. Invariant: every party of
// the trace has exactly one lane, and lanes tile the plot from top to bottom without overlapping.

import type { PartyInfo, PartyKind, Trace } from '../../engine';
import { isNarrow, titleLines } from './geometry';
import type { LaneShape, PlotArea } from './types';

const KIND_ORDER: Record<PartyKind, number> = { lock: 0, client: 1, resource: 2, mailer: 3 };

const KIND_WORDS: Record<PartyKind, string> = {
  lock: 'issues tokens',
  client: 'client',
  resource: 'checks tokens',
  mailer: 'outside the fence',
};

/** Where a lane's line sits below its top: room above for tokens, below for lease bars. */
const LANE_LINE_OFFSET_PX = 28;

/**
 * A lane's share of the plot's height. Where three or more lock services stand side by side
 * (Redlock's five masters) each only marks replies, so each gets a compact lane and the clients
 * and the store below them stay on screen.
 */
export const COMPACT_LANE_WEIGHT = 0.5;

function laneWeights(parties: readonly PartyInfo[]): number[] {
  const locks = parties.filter((p) => p.kind === 'lock').length;
  return parties.map((p) => (p.kind === 'lock' && locks >= 3 ? COMPACT_LANE_WEIGHT : 1));
}

/** Whether some of the parties get compact lanes (Redlock's masters): such a run needs a taller frame. */
export const hasCompactLanes = (parties: readonly PartyInfo[]): boolean => laneWeights(parties).some((w) => w < 1);

/** How many full lanes' worth of height the parties need (a compact lane counts for part of one). */
export function laneUnits(parties: readonly PartyInfo[]): number {
  return laneWeights(parties).reduce((sum, w) => sum + w, 0);
}

function orderParties(parties: readonly PartyInfo[]): PartyInfo[] {
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
function checksTokens(trace: Pick<Trace, 'steps'>, party: string): boolean {
  return trace.steps[0]?.snapshots[party]?.fields.check !== 'none';
}

type LaneTrace = Pick<Trace, 'parties' | 'steps'> & Partial<Pick<Trace, 'knobs'>>;

/** The lanes' names, top to bottom, and which must stay on one line (a compact lane has no room for two). */
export function laneTitles(trace: LaneTrace): { titles: string[]; singleLine: boolean[] } {
  const ordered = orderParties(trace.parties);
  const weights = laneWeights(ordered);
  return {
    titles: ordered.map((party) => splitLabel(party, checksTokens(trace, party.id), trace.knobs?.tokenSource).title),
    singleLine: weights.map((w) => w < 1),
  };
}

/** On a phone a name too long for the gutter plotArea sized (from laneTitles) wraps onto two lines. */
export function layoutLanes(trace: LaneTrace, plot: PlotArea): LaneShape[] {
  const ordered = orderParties(trace.parties);
  const weights = laneWeights(ordered);
  const narrow = isNarrow(plot);
  const unit = (plot.bottom - plot.top) / Math.max(1, laneUnits(ordered));
  let top = plot.top;
  return ordered.map((party, i) => {
    const height = weights[i]! * unit;
    const label = splitLabel(party, checksTokens(trace, party.id), trace.knobs?.tokenSource);
    // A run of compact lanes says what they are once, under the first; the rest show only a name.
    if (weights[i]! < 1 && i > 0 && weights[i - 1]! < 1) label.subtitle = '';
    const compact = weights[i]! < 1;
    const lane: LaneShape = {
      party: party.id,
      kind: party.kind,
      ...label,
      titleLines: narrow && !compact ? titleLines(label.title, plot.left) : [label.title],
      top,
      height,
      compact,
      y: top + Math.min(LANE_LINE_OFFSET_PX, height * 0.4),
    };
    top += height;
    return lane;
  });
}

export function laneIndex(lanes: readonly LaneShape[]): Map<string, LaneShape> {
  return new Map(lanes.map((lane) => [lane.party, lane]));
}
