// The lesson format: a walkthrough is data, a list of chapters whose steps each name a run (a
// preset or a whole scenario), a labelled step of that run's trace, what the teacher says there,
// and, before a decisive step, a question. A teacher can write one as JSON (docs/lesson-format.md).
// Invariant: the answer to a question about the run (a write's verdict, the holder, max_seen) is
// never written in the lesson: it is read from the trace (questions.ts), so it cannot drift from
// what the engine does.

import type { Scenario, StrategyId } from '../core/scenario';

export const LESSON_FORMAT = 'fencelab.lesson';
export const LESSON_VERSION = 1;

/** The run a lesson step shows: a preset by id (under another strategy if `strategy` is given),
 * or a whole scenario written into the lesson. */
export type LessonRun = { preset: string; strategy?: StrategyId } | { scenario: Scenario };

/** Extra panels a step shows beside the timeline, in the order listed here. */
export const LESSON_PANELS = ['pseudocode', 'cost', 'cards', 'chart', 'comparison', 'verdict'] as const;
export type LessonPanel = (typeof LESSON_PANELS)[number];

/** The kinds of question, and what the answer is read from:
 * - `write`: will the store accept or refuse the write at this step? (its verdict)
 * - `holder`: who holds the lock at this step, as the lock service counts it? (the leases)
 * - `believers`: how many clients believe they hold the lock at this step? (the leases' beliefs)
 * - `max-seen`: which token does the store remember after this step? (the store's max_seen)
 * - `choice`: a question about the idea, with the right choice written in the lesson. */
export const QUESTION_KINDS = ['write', 'holder', 'believers', 'max-seen', 'choice'] as const;
type QuestionKind = (typeof QUESTION_KINDS)[number];

export type Question =
  | { kind: Exclude<QuestionKind, 'choice'>; prompt?: string; why: string }
  | { kind: 'choice'; prompt: string; choices: string[]; answer: number; why: string };

export interface LessonStep {
  /** A name for deep links (`#lesson=ID&chapter=C&step=S`); absent: the step's number from 1. */
  id?: string;
  /** The run this step shows; absent: the previous step's. A chapter's first step names one. */
  run?: LessonRun;
  /** The label of the step in the run's trace where this lesson step stops (`t4`, `stale-write`),
   * or `start` / `end`. With a question, the lesson waits one step before it, and the answer plays it. */
  at: string;
  /** What the teacher says here, in plain words. */
  say: string;
  ask?: Question;
  show?: LessonPanel[];
  /** Two labels of the run's trace (or `start` / `end`), in order: the timeline opens on the time
   * between them, with some room either side, instead of the whole run (a part whose steps lie a
   * few ms apart in a long run). The class can zoom out again (Fit). */
  focus?: [string, string];
}

export interface Chapter {
  id: string;
  title: string;
  steps: LessonStep[];
}

export interface Lesson {
  format: typeof LESSON_FORMAT;
  version: typeof LESSON_VERSION;
  id: string;
  title: string;
  /** One or two sentences: what a class learns, and how long it takes. */
  summary: string;
  /** Optional: how long the lesson takes with a class, in minutes (1 to 240), as its author timed it. */
  minutes?: number;
  chapters: Chapter[];
}

/** A question as the lab shows it: its words and choices, and which choice is right. */
export interface PosedQuestion {
  prompt: string;
  choices: string[];
  answer: number;
  why: string;
  /**
   * What of the drawing gives the answer away before it is revealed, so a view hides it while the
   * question is open: 'beliefs', the bars of what each client believes of its lease (a `believers`
   * question: a frozen client's belief runs on in the drawing, and counting bars is not thinking).
   */
  hides?: 'beliefs';
}

/** A lesson step made concrete: the scenario it runs, where it stops, and the question posed. */
export interface ResolvedStep {
  chapter: number;
  step: number;
  /** The step's id for links: its own, or its number from 1. */
  id: string;
  scenario: Scenario;
  /** The preset it came from, when it came from one unchanged (for short "try it yourself" links). */
  presetId: string | null;
  /** The trace step the lesson stops at, once answered (the labelled step). */
  target: number;
  /** Where the cursor waits while the question is open: the step before the target; else the target. */
  waitAt: number;
  say: string;
  question: PosedQuestion | null;
  show: LessonPanel[];
  /** The time the timeline opens on (ms of the run), from the step's `focus`; null: the whole run. */
  focusMs: { startMs: number; endMs: number } | null;
}
