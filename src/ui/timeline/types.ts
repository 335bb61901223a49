// The shapes the timeline's layout produces and its components render: plain data in SVG pixel
// coordinates, with no DOM and no functions in it. Invariant: every x is the image of a time through
// one linear scale (the visible window onto the plot's horizontal range); every y is a lane's.

import type { PartyKind } from '../../engine';

/** A span of virtual time, in milliseconds. */
export interface TimeWindow {
  startMs: number;
  endMs: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The plot area inside the svg: lanes' labels sit left of it, max_seen right of it. */
export interface PlotArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface LaneShape {
  party: string;
  kind: PartyKind;
  /** First line of the label at the left (the party's name). */
  title: string;
  /** The title as drawn: one line, or on a phone two where the gutter is too narrow for it. */
  titleLines: string[];
  /** Second line: the label's parenthesised part, or the kind of party; empty under a compact lane
   * that follows another (the first of the run says it for all). */
  subtitle: string;
  top: number;
  height: number;
  /** A compact lane (one of several lock services): its label sits tighter. */
  compact: boolean;
  /** The lane's line, where its marks sit and its messages start and end. */
  y: number;
}

export interface TickShape {
  x: number;
  label: string;
}

/** A bar from x1 to x2 at [y, y + height]; times kept beside pixels for tooltips and tests. */
export interface BarShape {
  x1: number;
  x2: number;
  fromMs: number;
  toMs: number;
}

/**
 * What a grant is called under the run's system: a lease, held per the lock service, that expires;
 * or (HDFS) a writer's epoch, held per the journal nodes' promises, which no clock ends: it is
 * superseded when a newer one is promised.
 */
export interface GrantWords {
  noun: 'lease' | 'epoch';
  heldPer: string;
  /** How a grant stops counting, said of its zombie window: "expired", "superseded". */
  ended: string;
}

/** One grant of the lock, drawn on its holder's lane. */
export interface LeaseShape {
  key: string;
  holder: string;
  /** What the bar's words call it ("lease 33", "epoch 33") and its zombie window ("expired", "superseded"). */
  words: GrantWords;
  /** The lease's token as text; empty for a plain lease, which has none. */
  token: string;
  /** The lease as the lock service counts it (granted..ended). */
  held: BarShape | null;
  /** The lease as its holder believes it, up to the moment the lock service stopped counting it. */
  believed: BarShape | null;
  /** Expired (or revoked) per the lock service, still believed by the holder: the zombie window. */
  zombie: BarShape | null;
  heldY: number;
  believedY: number;
  barHeight: number;
  title: string;
}

export interface PauseShape {
  key: string;
  client: string;
  bar: BarShape;
  y: number;
  height: number;
  title: string;
}

/** A network cut as one party's lane shows it: it hears nothing from `others`, nor they from it
 * (leases.ts layoutCuts). */
export interface CutShape {
  key: string;
  party: string;
  /** The parties it is cut from over this bar's time (their lanes' names), in the order they were cut. */
  others: string[];
  bar: BarShape;
  y: number;
  height: number;
  title: string;
}

/** A lock-delay, drawn on its lock service's lane (leases.ts layoutLockDelays). */
export interface LockDelayShape {
  key: string;
  party: string;
  bar: BarShape;
  y: number;
  height: number;
  /** Where its words go, above the lane's line (the lock service's messages leave it downwards);
   * null on a lane with no room there. */
  textY: number | null;
  title: string;
}

/** A renewal a client sent, drawn on its lane (renewals.ts): arrived, or lost on the way. */
export interface RenewalShape {
  key: string;
  client: string;
  lost: boolean;
  timeMs: number;
  /** The mark's centre and width (px). */
  x: number;
  y: number;
  size: number;
  title: string;
}

export type MessageStatus = 'delivered' | 'dropped' | 'lost' | 'in-flight';

export interface MessageShape {
  id: number;
  status: MessageStatus;
  x1: number;
  y1: number;
  /** Where the line ends: short of the target's mark, or at the cross of a message that never arrived. */
  x2: number;
  y2: number;
  /** The arrowhead (a closed path), or the cross that ends a dropped or lost message. */
  endPath: string;
  /** The step the message is drawn as sent by; it counts as the future until the cursor reaches it. */
  sentStep: number;
  /** The step a click on the arrow seeks to: its delivery, or the step that recorded it lost. */
  seekStep: number;
  /** The token it carries, with where to write it; null when there is none or no room. */
  tokenLabel: { x: number; y: number; text: string; anchor: 'start' | 'end' } | null;
  title: string;
}

/** accept: a circle with a check; reject: a square with a cross; staleAccept: a circle with "!". */
export type MarkShapeKind = 'accept' | 'reject' | 'staleAccept' | 'effect' | 'event';

export interface MarkShape {
  step: number;
  party: string;
  kind: MarkShapeKind;
  x: number;
  y: number;
  timeMs: number;
  /** The write's token, written beside accept and reject marks ... */
  token: string | null;
  /** ... where there is room for it before the next mark on the lane. */
  tokenShown: boolean;
  /** Which side of the mark the token is written on: the left where the right would run off the drawing. */
  tokenSide: 'left' | 'right';
  title: string;
}

/** A step label of the article's race (t0..t6), nudged sideways so labels never overlap. */
export interface StepLabelShape {
  step: number;
  text: string;
  /** Where the label is drawn (its centre) ... */
  x: number;
  y: number;
  /** ... and the step it names, which a leader line joins it to. */
  anchorX: number;
  anchorY: number;
}

export interface TimelineLayout {
  size: Size;
  plot: PlotArea;
  window: TimeWindow;
  lanes: LaneShape[];
  ticks: TickShape[];
  leases: LeaseShape[];
  pauses: PauseShape[];
  cuts: CutShape[];
  lockDelays: LockDelayShape[];
  renewals: RenewalShape[];
  messages: MessageShape[];
  marks: MarkShape[];
  labels: StepLabelShape[];
  /** How many steps and messages inside the window were merged away because they shared a pixel. */
  merged: { steps: number; messages: number };
}
