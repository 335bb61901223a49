// Questions posed from the run itself: the lesson says what to ask, the trace says what is true.
// Invariant: a question's right answer is read from the trace at the step it is about, so a change
// to the engine that changes what happens changes the answer with it (or fails the lesson's
// validation, when the question no longer fits the step).

import type { Step, Trace } from '../core/trace';
import { formatToken, tokenField } from '../protocol/tokens';
import type { PosedQuestion, Question } from './format';

/** Why a question cannot be asked at a step: the lesson and its run disagree. */
export class QuestionMismatch extends Error {}

const clientsOf = (trace: Trace): string[] => trace.parties.filter((p) => p.kind === 'client').map((p) => p.id);
const firstResource = (trace: Trace): string | undefined => trace.parties.find((p) => p.kind === 'resource')?.id;

/** The client whose grant the lock service counts at `timeMs` (granted by then and not yet
 * ended), or null when nobody's is. */
export function holderAt(trace: Trace, timeMs: number): string | null {
  const lease = trace.leases.find((l) => l.grantedMs <= timeMs && (l.endedMs === null || l.endedMs > timeMs));
  return lease?.holder ?? null;
}

/** The clients that believe at `timeMs` that they hold the lock (each counted once). */
export function believersAt(trace: Trace, timeMs: number): string[] {
  const who = new Set<string>();
  for (const l of trace.leases)
    if (
      l.believedFromMs !== null &&
      l.believedFromMs <= timeMs &&
      (l.believedUntilMs === null || l.believedUntilMs > timeMs)
    )
      who.add(l.holder);
  return [...who];
}

/** The store's max_seen after `step`, or null when it has none (a store that does not check). */
export function maxSeenAfter(trace: Trace, step: Step): string | null {
  const store = step.write?.resource ?? firstResource(trace);
  const value = tokenField((store === undefined ? undefined : step.snapshots[store]?.fields.maxSeen) ?? null);
  return value === null ? null : formatToken(value);
}

const COUNT_WORDS = ['None', 'One', 'Two', 'Three', 'Four', 'Five'];

/**
 * The question as posed at trace step `target`: its prompt, its choices and the index of the right one.
 * @throws QuestionMismatch when the question does not fit the step (a `write` question at a step
 *   that is no write's verdict, a `max-seen` question where no store keeps max_seen).
 */
export function poseQuestion(question: Question, trace: Trace, target: number): PosedQuestion {
  const step = trace.steps[target];
  if (!step) throw new QuestionMismatch(`the run has no step ${target}`);
  const t = step.timeMs;
  switch (question.kind) {
    case 'choice':
      return { prompt: question.prompt, choices: question.choices, answer: question.answer, why: question.why };
    case 'write': {
      const w = step.write;
      if (!w) throw new QuestionMismatch(`step ${target} (${step.kind}) is not a write reaching a store`);
      return {
        prompt:
          question.prompt ??
          `${w.client} writes ${w.value} ${w.token === null ? 'with no token' : `with token ${formatToken(w.token)}`}. Will ${w.resource} accept it?`,
        choices: ['Accepted: the value is stored', 'Refused: the store turns it away'],
        answer: w.verdict === 'accepted' ? 0 : 1,
        why: question.why,
      };
    }
    case 'holder': {
      const clients = clientsOf(trace);
      const holder = holderAt(trace, t);
      return {
        prompt: question.prompt ?? 'When this step has played, who holds the lock, as the lock service counts it?',
        choices: [...clients, 'Nobody'],
        answer: holder === null ? clients.length : clients.indexOf(holder),
        why: question.why,
      };
    }
    case 'believers': {
      const clients = clientsOf(trace);
      const count = believersAt(trace, t).length;
      return {
        prompt: question.prompt ?? 'When this step has played, how many clients believe they hold the lock?',
        choices: COUNT_WORDS.slice(0, clients.length + 1),
        answer: count,
        why: question.why,
        hides: 'beliefs',
      };
    }
    case 'max-seen': {
      const remembered = maxSeenAfter(trace, step);
      if (remembered === null) throw new QuestionMismatch(`no store keeps max_seen at step ${target}`);
      // The candidates: what the store started with, every token granted up to this step, and
      const candidates = new Set<string>([formatToken(trace.knobs.initialMaxSeen)]);
      for (const l of trace.leases) if (l.grantedMs <= t && l.token !== null) candidates.add(formatToken(l.token));
      candidates.add(remembered);
      // And the number after each token, so the answer is not the only one of its kind (etcd's
      // 35 beside a 34 that was never issued).
      for (const c of [...candidates])
        if (/^\d+$/.test(c) && candidates.size < 6) candidates.add(String(Number(c) + 1));
      const choices = [...candidates].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
      return {
        prompt:
          question.prompt ??
          'When this step has played, which token does the store remember as the highest it has accepted?',
        choices,
        answer: choices.indexOf(remembered),
        why: question.why,
      };
    }
  }
}
