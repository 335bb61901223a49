// A lesson in progress, framework-free like the lab's store, which it drives: each lesson step
// loads its run into the lab, hides what has not happened yet, plays up to where the step stops,
// and asks its question before the step that answers it. Invariants: while a question is open the
// lab's cursor is before the step that answers it and the future is hidden; the answer is played,
// never just shown; a lesson that fails validation changes nothing that was open.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Lesson, ResolvedStep, Scenario } from '../../engine';
import type { LabStore } from '../store/labStore';
import { PAGE_CODE } from '../store/code/loading';
import { SHIPPED_LESSON_RUNS, type LessonRuns } from './lessonRuns';
import { lessonCatalogue, type LessonCatalogue } from './catalogue';

/** Where a lesson is: chapter and step by index. */
export interface Place {
  chapter: number;
  step: number;
}

/** `asking`: the question is open; `revealed`: its step has been played and the answer shown;
 * `telling`: a step without a question. */
type Phase = 'asking' | 'revealed' | 'telling';

export interface LessonState {
  lesson: Lesson | null;
  chapters: ResolvedStep[][];
  place: Place;
  phase: Phase;
  /** The choice picked for the open question, or null (a presenter's press reveals without one). */
  chosen: number | null;
  /** The lesson is on screen; false while the learner has taken over in the lab. */
  active: boolean;
  presenting: boolean;
  /** The presenter blanked the screen (a clicker's blank key). */
  blank: boolean;
  /** Presenting, the timeline's key (what each mark and bar means) is shown over the drawing: a
   * projector has no room for it below. Off again whenever presenting starts or stops. */
  showKey: boolean;
  error: string | null;
  /** Where the last shipped lesson closed was left ("Leave the lesson" before its end), so the
   * lab's way into the lessons opens it there again; null before any, or once one was left at its end. */
  left: { lessonId: string; place: Place } | null;
}

export interface LessonActions {
  /** Opens a lesson (a shipped one by id, or a lesson file's contents) at a place; resolves to
   * false, with `error` set and nothing changed, when it cannot be opened. Once the lessons' code
   * has loaded (after the first open) the lesson is open when this returns; before, when it
   * resolves. A later open() or close() wins over one still loading. */
  open(source: string | unknown, place?: Partial<Place> | PlaceFinder, options?: OpenOptions): Promise<boolean>;
  /** Resolves when the newest open() has finished (at once when none is pending). */
  settled(): Promise<boolean>;
  /** Gives up an open() still loading (a lab link came first), changing nothing else. */
  abandon(): void;
  /** One press forward: finish the playing, or reveal the answer, or play back to where the step
   * is (the run moved back), or go to the next step. */
  next(): void;
  /** One press back: the previous step, as it was left (a question whose answer was shown since
   * the lesson was opened stays answered, with the same pick; one never answered is asked). */
  previous(): void;
  /** Opens a step as previous() does; the open step itself (its own number in the bar) is opened
   * afresh, its question asked again. `fresh`: every question is asked again from now on (the
   * lesson started again, for another class). */
  goTo(place: Place, fresh?: boolean): void;
  answer(choice: number): void;
  setPresenting(on: boolean): void;
  toggleBlank(): void;
  /** Shows or hides the timeline's key, presenting; does nothing otherwise (the key is shown). */
  toggleKey(): void;
  /** Leaves the lesson for the lab, at this step's run and cursor, able to come back. */
  takeOver(): void;
  /** Comes back from the lab to the step taken over from. */
  resume(): void;
  /** Leaves the lesson altogether. */
  close(): void;
  dismissError(): void;
}

export type LessonSession = StoreApi<LessonState & LessonActions>;

/** Finds the place to open at once the lesson is read (a link names chapters and steps by id), or
 * says in words why there is none (then the lesson is not opened). */
export type PlaceFinder = (lesson: Lesson, chapters: ResolvedStep[][]) => Partial<Place> | string;

/** How a step's question was answered: the choice picked (from 0), or 'shown' (revealed with none). */
export type Answer = number | 'shown';

export interface OpenOptions {
  presenting?: boolean;
  /**
   * The step's question answered already (a link reloaded after its answer was shown): it opens
   * with that choice picked and the run at the step that answers it. Ignored for a step with no
   * question, or a choice it does not have.
   */
  answer?: Answer;
  /** Open it taken over: the lab stays on screen, with the way back to this place. */
  inactive?: boolean;
  /** Where the lesson came from, for an error: "the file my-lesson.json". */
  source?: string;
}

const EMPTY: LessonState = {
  lesson: null,
  chapters: [],
  place: { chapter: 0, step: 0 },
  phase: 'telling',
  chosen: null,
  active: false,
  presenting: false,
  blank: false,
  showKey: false,
  error: null,
  left: null,
};

/** Whether the lab's run is playing up to a stop a lesson set: forward then finishes the playing
 * (next()), and the lesson's forward button says so (LessonNav). */
export const playsToStop = <T extends { playing: boolean; stopAt: number | null }>(
  lab: T,
): lab is T & { stopAt: number } => lab.playing && lab.stopAt !== null;

/** The speed a lesson plays its runs at when it opens. */
const LESSON_SPEED = 4;

type Session = LessonState & LessonActions;

/** What the session's parts share: the lab it drives, and its own state's set and get. */
interface Ctx {
  lab: LabStore;
  set: StoreApi<Session>['setState'];
  get: StoreApi<Session>['getState'];
}

/** What one open() shares with the next, close() and abandon(). */
interface Opening {
  catalogue: LessonCatalogue | null;
  /** The newest open() or close(): an open still loading when another comes does nothing. */
  generation: number;
  /** Whether the open lesson was opened by its id from the shipped ones (not from a file). */
  fromCatalogue: boolean;
  pending: Promise<boolean>;
}

/** Where the lesson is, shown in the lab: entering a step, revealing and answering its question. */
interface Moves {
  current(): ResolvedStep | undefined;
  /** Shows a step in the lab: its run, the future hidden, the cursor where the step stops. */
  enter(place: Place, animate: boolean): void;
  following(place: Place): Place | null;
  reveal(): void;
  /** The open step's question as already answered: its choice, and the run where it answers it. */
  answered(answer: Answer | undefined): void;
  /** Shows a step as it was left: entered, and its answer shown again if it had been (played to
   * where it answers, going forward; straight there otherwise). */
  revisit(place: Place, animate: boolean): void;
  /** The answers shown since the lesson was opened, by place ("chapter/step"): a class that has
   * seen an answer is not asked again when the teacher goes back to it, or forward past it again. */
  answersShown: Map<string, Answer>;
}

const placeKey = (place: Place) => `${place.chapter}/${place.step}`;

function lessonMoves({ lab, set, get }: Ctx): Moves {
  /** The run last loaded for a step, and the lab's copy of it. */
  let shown: { step: Scenario; lab: Scenario } | null = null;
  const answersShown = new Map<string, Answer>();
  const current = (): ResolvedStep | undefined => {
    const { chapters, place } = get();
    return chapters[place.chapter]?.[place.step];
  };
  const enter = (place: Place, animate: boolean) => {
    const step = get().chapters[place.chapter]?.[place.step];
    if (!step) return;
    set({ place, phase: step.question ? 'asking' : 'telling', chosen: null, blank: false });
    const l = lab.getState();
    if (!l.hideFuture) l.setHideFuture(true);
    // The same run as the step before (and not changed in the lab since) stays loaded, so the
    // lesson plays on from where it was instead of from the start.
    if (shown?.step !== step.scenario || l.scenario !== shown.lab) {
      l.loadScenario(step.scenario, { presetId: step.presetId, source: 'the lesson' });
      lab.getState().setHistory({ past: [], future: [] });
      shown = { step: step.scenario, lab: lab.getState().scenario };
    }
    // Forward through one run it plays up to the stop; anywhere else it goes straight there.
    if (animate && lab.getState().cursor < step.waitAt) lab.getState().playTo(step.waitAt);
    else lab.getState().seek(step.waitAt);
  };
  const answered = (answer: Answer | undefined) => {
    const step = current();
    if (answer === undefined || !step?.question || get().phase !== 'asking') return;
    if (answer !== 'shown' && answer >= step.question.choices.length) return;
    set({ phase: 'revealed', chosen: answer === 'shown' ? null : answer });
    answersShown.set(placeKey(get().place), answer);
    lab.getState().seek(step.target);
  };
  return {
    current,
    enter,
    answered,
    answersShown,
    following(place) {
      const { chapters } = get();
      if (place.step + 1 < (chapters[place.chapter]?.length ?? 0))
        return { chapter: place.chapter, step: place.step + 1 };
      if (place.chapter + 1 < chapters.length) return { chapter: place.chapter + 1, step: 0 };
      return null;
    },
    reveal() {
      const step = current();
      if (!step || get().phase !== 'asking') return;
      set({ phase: 'revealed' });
      answersShown.set(placeKey(get().place), get().chosen ?? 'shown');
      lab.getState().playTo(step.target);
    },
    revisit(place, animate) {
      enter(place, animate);
      const was = answersShown.get(placeKey(place));
      const step = current();
      if (was === undefined || !step?.question || get().phase !== 'asking') return;
      if (!animate) return answered(was);
      set({ phase: 'revealed', chosen: was === 'shown' ? null : was });
      lab.getState().playTo(step.target);
    },
  };
}

/** A lesson that cannot be opened leaves everything as it was, and the lab says why. */
function refuse({ lab, set }: Ctx, message: string): false {
  set({ error: message });
  lab.getState().showError(message);
  return false;
}

/** The lesson `source` (a shipped lesson's id, or a lesson) checked, with the place to open at. */
function checkLesson(
  ctx: Ctx,
  { findLesson, validateLesson, simulator }: LessonCatalogue,
  runs: LessonRuns,
  source: string | unknown,
  place: Partial<Place> | PlaceFinder,
  options: OpenOptions,
): { lesson: Lesson; chapters: ResolvedStep[][]; chapter: number; step: number } | false {
  const raw = typeof source === 'string' ? findLesson(source) : source;
  if (raw === undefined)
    return refuse(
      ctx,
      `There is no lesson called "${String(source)}" in the lab (a lesson opened from a file is opened again from its file).`,
    );
  const checked = validateLesson(raw, simulator, runs.known);
  if (!checked.ok)
    return refuse(
      ctx,
      `Could not open the lesson${options.source ? ` in ${options.source}` : ''}: ${checked.error}. Nothing was changed.`,
    );
  const wanted = typeof place === 'function' ? place(checked.lesson, checked.chapters) : place;
  if (typeof wanted === 'string')
    return refuse(ctx, `Could not open the lesson "${checked.lesson.title}": ${wanted}. Nothing was changed.`);
  const chapter = Math.min(Math.max(0, wanted.chapter ?? 0), checked.chapters.length - 1);
  const step = Math.min(Math.max(0, wanted.step ?? 0), checked.chapters[chapter]!.length - 1);
  return { lesson: checked.lesson, chapters: checked.chapters, chapter, step };
}

/** Opens a lesson the catalogue has, or a lesson's contents; false (and the error) if it cannot be. */
function openWith(
  ctx: Ctx,
  moves: Moves,
  checked: Exclude<ReturnType<typeof checkLesson>, false>,
  options: OpenOptions,
): boolean {
  const { lab, set, get } = ctx;
  const { chapters, chapter, step } = checked;
  // Lessons play at 4x: the teacher talks over the run, and each step still gets its time.
  if (!get().lesson) lab.getState().setSpeed(LESSON_SPEED);
  moves.answersShown.clear();
  set({
    lesson: checked.lesson,
    chapters,
    active: !options.inactive,
    presenting: options.presenting ?? get().presenting,
    error: null,
  });
  if (options.inactive) {
    // Taken over: the lesson keeps only where it was, and whether its answer had been shown.
    const question = chapters[chapter]![step]!.question;
    const answer = options.answer;
    const usable = question && answer !== undefined && (answer === 'shown' || answer < question.choices.length);
    set({
      place: { chapter, step },
      phase: usable ? 'revealed' : 'telling',
      chosen: usable && answer !== 'shown' ? answer : null,
    });
  } else {
    moves.enter({ chapter, step }, false);
    moves.answered(options.answer);
  }
  return true;
}

/** Opening a lesson, waiting for it, giving it up. */
function openActions(
  ctx: Ctx,
  moves: Moves,
  opening: Opening,
  load: () => Promise<LessonCatalogue>,
  runs: LessonRuns,
): Pick<LessonActions, 'open' | 'settled' | 'abandon'> {
  return {
    open(source, place = {}, options = {}) {
      const mine = ++opening.generation;
      const now = (c: LessonCatalogue) => {
        if (mine !== opening.generation) return false;
        const checked = checkLesson(ctx, c, runs, source, place, options);
        const opened = checked !== false && openWith(ctx, moves, checked, options);
        if (opened) opening.fromCatalogue = typeof source === 'string';
        return opened;
      };
      // The first open fetches the build's runs of the lesson's presets with the code; a later
      // one (its runs mostly fetched by then) opens at once, computing any run not at hand.
      const withRuns = (c: LessonCatalogue) =>
        runs.fetch(typeof source === 'string' ? c.findLesson(source) : source).then(() => now(c));
      opening.pending = opening.catalogue
        ? Promise.resolve(now(opening.catalogue))
        : load().then(
            (loaded) => withRuns((opening.catalogue = loaded)),
            // The browser's own words name a file; the reader needs what happened and what to do.
            () =>
              mine === opening.generation &&
              refuse(
                ctx,
                'Could not load the lessons: the page could not fetch them (offline, or the site was updated). Reload the page to try again. Nothing was changed.',
              ),
          );
      return opening.pending;
    },
    settled: () => opening.pending,
    abandon() {
      opening.generation += 1;
    },
  };
}

/** Moving through the lesson: forward, back, to a step, and answering its question. */
function moveActions(
  { lab, set, get }: Ctx,
  moves: Moves,
): Pick<LessonActions, 'next' | 'previous' | 'goTo' | 'answer'> {
  const { current, revisit, answersShown } = moves;
  return {
    next() {
      // A press while the run plays to its stop finishes the playing first.
      const l = lab.getState();
      if (playsToStop(l)) return l.seek(l.stopAt);
      if (get().phase === 'asking') return moves.reveal();
      // The run was moved back (a click on the timeline, to look again): forward first plays it
      // back to where the step had it, then goes on from there.
      const step = current();
      const at = step && (get().phase === 'revealed' ? step.target : step.waitAt);
      if (at !== undefined && lab.getState().cursor < at) return lab.getState().playTo(at);
      const to = moves.following(get().place);
      if (to) revisit(to, true);
    },
    previous() {
      const { place, chapters } = get();
      if (place.step > 0) return revisit({ chapter: place.chapter, step: place.step - 1 }, false);
      if (place.chapter > 0)
        revisit({ chapter: place.chapter - 1, step: chapters[place.chapter - 1]!.length - 1 }, false);
    },
    goTo(place, fresh = false) {
      const { chapter, step } = get().place;
      if (fresh) answersShown.clear();
      else if (place.chapter === chapter && place.step === step) answersShown.delete(placeKey(place));
      revisit(place, false);
    },
    answer(choice) {
      const step = current();
      if (!step?.question || get().phase !== 'asking') return;
      if (!Number.isInteger(choice) || choice < 0 || choice >= step.question.choices.length) return;
      set({ chosen: choice });
      moves.reveal();
    },
  };
}

/** Leaving the lesson for the lab and coming back to it, or leaving it altogether. */
function leaveActions(
  { lab, set, get }: Ctx,
  moves: Moves,
  opening: Opening,
): Pick<LessonActions, 'takeOver' | 'resume' | 'close'> {
  return {
    takeOver() {
      // With a question still open the run's future stays hidden, so the learner can find the
      // answer by playing it; otherwise the whole run is there to explore.
      const asking = get().phase === 'asking';
      set({ active: false, blank: false });
      const l = lab.getState();
      if (l.playing) l.pause();
      l.setHideFuture(asking);
    },
    resume() {
      if (!get().lesson) return;
      const { phase, chosen } = get();
      set({ active: true });
      const step = moves.current();
      // The lab may have been changed meanwhile: the step's own run comes back, and an answer
      // already shown stays shown.
      moves.enter(get().place, false);
      if (phase === 'revealed') moves.answered(chosen ?? 'shown');
      else if (step && get().phase === 'asking' && lab.getState().cursor !== step.waitAt)
        lab.getState().seek(step.waitAt);
    },
    close() {
      opening.generation += 1;
      const { lesson, place, chapters, phase, left } = get();
      const lastChapter = chapters.length - 1;
      // Finished: on the last step, its question (if any) answered.
      const atEnd =
        place.chapter === lastChapter && place.step === (chapters[lastChapter]?.length ?? 0) - 1 && phase !== 'asking';
      // Only a shipped lesson's place is kept: a lesson from a file cannot be opened again by id.
      const kept = lesson && opening.fromCatalogue ? (atEnd ? null : { lessonId: lesson.id, place }) : left;
      set({ ...EMPTY, left: kept });
      lab.getState().setHideFuture(false);
    },
  };
}

/**
 * @param load fetches the lessons' engine code and a simulator of every model (injected by tests)
 * @param runs the runs a lesson can take as they are instead of computing them: the build's, on a
 *   page (a test's node has none, and computes them all)
 */
export function createLessonSession(
  lab: LabStore,
  load: () => Promise<LessonCatalogue> = lessonCatalogue(PAGE_CODE),
  runs: LessonRuns = SHIPPED_LESSON_RUNS,
): LessonSession {
  return createStore<Session>()((set, get) => {
    const ctx: Ctx = { lab, set, get };
    const opening: Opening = { catalogue: null, generation: 0, fromCatalogue: false, pending: Promise.resolve(true) };
    const moves = lessonMoves(ctx);
    return {
      ...EMPTY,
      ...openActions(ctx, moves, opening, load, runs),
      ...moveActions(ctx, moves),
      ...leaveActions(ctx, moves, opening),
      setPresenting: (on) => set({ presenting: on, blank: false, showKey: false }),
      toggleBlank: () => set({ blank: !get().blank }),
      toggleKey: () => {
        if (get().presenting) set({ showKey: !get().showKey });
      },
      dismissError: () => set({ error: null }),
    };
  });
}
