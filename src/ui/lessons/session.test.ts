// A lesson session driving the lab's store: what a teacher's presses do, and what a learner sees.
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { LESSONS } from '../../engine/surfaces/lessons';
import { createLabStore } from '../store/labStore';
import { createLessonSession } from './session';
import { FIRST_LESSON_ID, adoptFrom, fromSuffix, lessonHash, lessonRoute, placeFinder } from './lessonUrl';
import { readLessonLink } from '../link/grammar';
import { findLesson, validateLesson } from '../../engine/surfaces/lessons';
import { ALL_CODE, ALL_SIMULATOR } from '../store/code/allCode';
import type { LessonCatalogue } from './catalogue';

/** The lessons' code and a simulator of every model, at hand (a page fetches them). */
const catalogue: LessonCatalogue = { findLesson, validateLesson, simulator: ALL_SIMULATOR };

const LESSON = LESSONS[0]!;

function setup() {
  const lab = createLabStore(undefined, { code: ALL_CODE });
  const session = createLessonSession(lab);
  return { lab, session };
}

/** Plays the lab until it stops (a lesson's run playing up to its next stop). */
function finish(lab: ReturnType<typeof createLabStore>) {
  for (let i = 0; i < 100_000 && lab.getState().playing; i++) lab.getState().advance(16);
}

describe('a lesson session', () => {
  it('opens at a step: the run loaded, the future hidden, the cursor where the step stops', async () => {
    const { lab, session } = setup();
    expect(
      await session
        .getState()
        .open(LESSON.id, placeFinder({ lesson: LESSON.id, chapter: 'the-race', step: 't4', present: false })),
    ).toBe(true);
    const step = session.getState().chapters[2]![4]!;
    expect(step.id).toBe('t4');
    expect(lab.getState().scenario).toEqual(findPreset('canonical-race')!.scenario);
    expect(lab.getState().hideFuture).toBe(true);
    expect(lab.getState().cursor).toBe(step.waitAt);
    expect(session.getState().phase).toBe('asking');
  });

  it("shows the timeline's key only while presenting, across steps, and hides it as presenting starts or stops", async () => {
    const { session } = setup();
    await session.getState().open(LESSON.id);
    session.getState().toggleKey();
    expect(session.getState().showKey).toBe(false);
    session.getState().setPresenting(true);
    session.getState().toggleKey();
    expect(session.getState().showKey).toBe(true);
    session.getState().goTo({ chapter: 1, step: 0 });
    expect(session.getState().showKey).toBe(true);
    session.getState().setPresenting(false);
    expect(session.getState().showKey).toBe(false);
    session.getState().setPresenting(true);
    expect(session.getState().showKey).toBe(false);
  });

  it('remembers where a lesson was left, for the way back in, unless it was left at its end', async () => {
    const { session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    session.getState().close();
    expect(session.getState()).toMatchObject({
      lesson: null,
      left: { lessonId: LESSON.id, place: { chapter: 2, step: 4 } },
    });
    // Opened again there, then left from the lesson's last step: the next time starts afresh.
    await session.getState().open(LESSON.id, session.getState().left!.place);
    expect(session.getState().place).toEqual({ chapter: 2, step: 4 });
    const last = session.getState().chapters.length - 1;
    session.getState().goTo({ chapter: last, step: session.getState().chapters[last]!.length - 1 });
    session.getState().close();
    expect(session.getState().left).toBeNull();
  });

  it("keeps a shipped lesson's place when a lesson from a file is left", async () => {
    const { session } = setup();
    await session.getState().open(LESSON.id, { chapter: 1, step: 1 });
    session.getState().close();
    // A teacher's own lesson (a file's contents, here a copy of the shipped one under another id).
    expect(await session.getState().open({ ...LESSON, id: 'my-own' }, { chapter: 2, step: 0 })).toBe(true);
    expect(session.getState().lesson?.id).toBe('my-own');
    session.getState().close();
    expect(session.getState().left).toEqual({ lessonId: LESSON.id, place: { chapter: 1, step: 1 } });
  });

  it('reveals by playing the answering step, and tells right from wrong', async () => {
    const { lab, session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    const step = session.getState().chapters[2]![4]!;
    const wrong = (step.question!.answer + 1) % step.question!.choices.length;
    session.getState().answer(wrong);
    expect(session.getState()).toMatchObject({ phase: 'revealed', chosen: wrong });
    expect(lab.getState().playing).toBe(true);
    finish(lab);
    expect(lab.getState().cursor).toBe(step.target);
    // Answers after the reveal change nothing.
    session.getState().answer(step.question!.answer);
    expect(session.getState().chosen).toBe(wrong);
  });

  it('one press forward finishes the playing, then reveals, then goes on', async () => {
    const { lab, session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 1 });
    const loaded = lab.getState().scenario;
    const from = lab.getState().cursor;
    session.getState().next(); // to t2, playing on from t1, not from the start
    expect(lab.getState().playing).toBe(true);
    expect(lab.getState().scenario).toBe(loaded);
    expect(lab.getState().cursor).toBe(from);
    session.getState().next(); // finishes the playing
    expect(lab.getState().playing).toBe(false);
    expect(session.getState().place).toEqual({ chapter: 2, step: 2 });
    session.getState().next(); // to t3, which asks
    finish(lab);
    expect(session.getState().phase).toBe('asking');
    session.getState().next(); // reveals with no answer picked
    expect(session.getState()).toMatchObject({ phase: 'revealed', chosen: null });
    finish(lab);
    session.getState().next();
    expect(session.getState().place).toEqual({ chapter: 2, step: 4 });
    // Back shows the step as it was left: its answer shown, the run where it answers it.
    session.getState().previous();
    expect(session.getState()).toMatchObject({ place: { chapter: 2, step: 3 }, phase: 'revealed', chosen: null });
    expect(lab.getState().cursor).toBe(session.getState().chapters[2]![3]!.target);
    // From a chapter's first step, back goes to the previous chapter's last.
    session.getState().goTo({ chapter: 2, step: 0 });
    session.getState().previous();
    expect(session.getState().place).toEqual({ chapter: 1, step: session.getState().chapters[1]!.length - 1 });
  });

  it('shows a step gone back to as it was left: the pick kept, not asked again, until the lesson is opened afresh', async () => {
    const { lab, session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    const asked = session.getState().chapters[2]![4]!;
    const wrong = (asked.question!.answer + 1) % asked.question!.choices.length;
    session.getState().answer(wrong);
    finish(lab);
    session.getState().next();
    finish(lab);
    expect(session.getState().place).toEqual({ chapter: 2, step: 5 });
    // Back: the class's wrong pick, shown, the run where the step answers it.
    session.getState().previous();
    expect(session.getState()).toMatchObject({ place: { chapter: 2, step: 4 }, phase: 'revealed', chosen: wrong });
    expect(lab.getState().cursor).toBe(asked.target);
    expect(lessonRoute(session).hash()).toContain(`&answer=${wrong + 1}`);
    // Back once more (a step never answered is asked), then forward past it again: played
    // to where it answers, with nothing to press before moving on.
    session.getState().goTo({ chapter: 2, step: 3 });
    expect(session.getState().phase).toBe('asking');
    session.getState().next(); // reveals step 3 with no pick
    finish(lab);
    session.getState().next(); // on to step 4, answered already
    expect(session.getState()).toMatchObject({ place: { chapter: 2, step: 4 }, phase: 'revealed', chosen: wrong });
    finish(lab);
    expect(lab.getState().cursor).toBe(asked.target);
    // Its own number in the bar asks it again; so does the lesson started again (the next class)
    // or opened again.
    session.getState().goTo({ chapter: 2, step: 4 });
    expect(session.getState()).toMatchObject({ phase: 'asking', chosen: null });
    session.getState().answer(wrong);
    session.getState().goTo({ chapter: 2, step: 3 });
    expect(session.getState().phase).toBe('revealed');
    session.getState().goTo({ chapter: 0, step: 0 }, true);
    session.getState().goTo({ chapter: 2, step: 4 });
    expect(session.getState()).toMatchObject({ phase: 'asking', chosen: null });
    session.getState().answer(wrong);
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    expect(session.getState()).toMatchObject({ phase: 'asking', chosen: null });
  });

  it('after a look back (the run moved to an earlier step), forward plays back to the step before going on', async () => {
    const { lab, session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    const step = session.getState().chapters[2]![4]!;
    session.getState().next(); // reveal
    finish(lab);
    lab.getState().seek(2); // the teacher clicks back on the timeline
    session.getState().next();
    expect(session.getState().place).toEqual({ chapter: 2, step: 4 });
    finish(lab);
    expect(lab.getState().cursor).toBe(step.target);
    session.getState().next();
    expect(session.getState().place).toEqual({ chapter: 2, step: 5 });
  });

  it('takes over into the lab and comes back to the step as it was', async () => {
    const { lab, session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    const step = session.getState().chapters[2]![4]!;
    session.getState().takeOver();
    expect(session.getState().active).toBe(false);
    // The question was open: the future stays hidden for the learner to play into.
    expect(lab.getState().hideFuture).toBe(true);
    expect(lab.getState().cursor).toBe(step.waitAt);
    expect(fromSuffix(session.getState())).toBe('&from=fencing-tokens/the-race/t4');
    lab.getState().setStrategy('lease-trust');
    lab.getState().toEnd();
    session.getState().resume();
    expect(lab.getState().scenario).toEqual(step.scenario);
    expect(lab.getState().cursor).toBe(step.waitAt);
    expect(session.getState()).toMatchObject({ active: true, phase: 'asking' });
    // Taken over after the answer, the whole run is there to explore.
    session.getState().answer(step.question!.answer);
    finish(lab);
    session.getState().takeOver();
    expect(lab.getState().hideFuture).toBe(false);
  });

  it('refuses a lesson it cannot open, says why, and changes nothing', async () => {
    const { lab, session } = setup();
    const before = lab.getState().scenario;
    expect(await session.getState().open('nope')).toBe(false);
    expect(lab.getState().error).toMatch(/no lesson called "nope"/);
    const broken = { ...LESSON, chapters: [{ ...LESSON.chapters[0]!, steps: [{ at: 't0', say: 'x' }] }] };
    expect(await session.getState().open(broken, {}, { source: 'the file x.json' })).toBe(false);
    expect(lab.getState().error).toMatch(
      /^Could not open the lesson in the file x\.json: chapters\[0\]\.steps\[0\]: the first step of a chapter must name its run/,
    );
    expect(lab.getState().scenario).toBe(before);
    expect(session.getState().lesson).toBeNull();
  });

  it('refuses a hand-edited link to a chapter or part the lesson does not have, naming the ones it has', async () => {
    // An engineer's mistyped chapter opened chapter 1, saying nothing.
    const { lab, session } = setup();
    const before = lab.getState().scenario;
    const link = (chapter: string, step?: string) => placeFinder({ lesson: LESSON.id, chapter, step, present: false });
    expect(await session.getState().open(LESSON.id, link('the-rcae'))).toBe(false);
    expect(lab.getState().error).toMatch(
      /^Could not open the lesson "[^"]+": the link names a chapter "the-rcae" the lesson does not have \(its chapters: held-is-not-enforced, .*the-race.*, or a number from 1 to \d+\)\. Nothing was changed\.$/,
    );
    expect(await session.getState().open(LESSON.id, link('the-race', 't9'))).toBe(false);
    expect(lab.getState().error).toMatch(
      /the link names a part "t9" that chapter "the-race" does not have \(its parts: .*t4.*\)/,
    );
    expect(await session.getState().open(LESSON.id, link('0'))).toBe(false);
    expect(lab.getState().scenario).toBe(before);
    expect(session.getState().lesson).toBeNull();
    // A number past the end still opens the last, as the lesson format says.
    expect(await session.getState().open(LESSON.id, link('99', '99'))).toBe(true);
    const { chapters } = session.getState();
    expect(session.getState().place).toEqual({ chapter: chapters.length - 1, step: chapters.at(-1)!.length - 1 });
  });
});

describe('lesson links', () => {
  it("writes a lesson step's link by its chapter's and step's ids", async () => {
    const { session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    expect(lessonHash(session.getState(), session.getState().place)).toBe(
      '#lesson=fencing-tokens&chapter=the-race&step=t4',
    );
  });
});

describe('a lesson link reloaded after its answer was shown', () => {
  it('keeps the answer: the choice picked, the run at the step that answers it, the link saying so', async () => {
    const { lab, session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    const step = session.getState().chapters[2]![4]!;
    const wrong = (step.question!.answer + 1) % step.question!.choices.length;
    session.getState().answer(wrong);
    finish(lab);
    const route = lessonRoute(session);
    const link = route.hash()!;
    expect(link).toBe(`#lesson=fencing-tokens&chapter=the-race&step=t4&answer=${wrong + 1}`);
    expect(readLessonLink(link)?.answer).toBe(wrong);

    // The page opened again at that link: the same choice, shown, the run where it answers.
    const again = setup();
    await again.session.getState().open(LESSON.id, placeFinder(readLessonLink(link)!), {
      answer: readLessonLink(link)!.answer,
    });
    expect(again.session.getState()).toMatchObject({ phase: 'revealed', chosen: wrong });
    expect(again.lab.getState().cursor).toBe(step.target);
    expect(again.lab.getState().playing).toBe(false);
    // A step the presenter revealed with no choice says so, and opens so.
    const shown = setup();
    await shown.session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    shown.session.getState().next();
    expect(lessonRoute(shown.session).hash()).toContain('&answer=shown');
    const reopened = setup();
    await reopened.session.getState().open(LESSON.id, { chapter: 2, step: 4 }, { answer: 'shown' });
    expect(reopened.session.getState()).toMatchObject({ phase: 'revealed', chosen: null });
    // Moving on asks the next question afresh, and the link drops the answer.
    reopened.session.getState().next();
    expect(lessonRoute(reopened.session).hash()).not.toContain('answer=');
  });

  it('keeps the answer through a take-over: back to the lesson, and a reload of the lab on the way', async () => {
    const { lab, session } = setup();
    await session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    const step = session.getState().chapters[2]![4]!;
    session.getState().answer(step.question!.answer);
    finish(lab);
    session.getState().takeOver();
    const suffix = fromSuffix(session.getState());
    expect(suffix).toBe(`&from=fencing-tokens/the-race/t4/${step.question!.answer + 1}`);
    lab.getState().toStart();
    session.getState().resume();
    expect(session.getState()).toMatchObject({ active: true, phase: 'revealed', chosen: step.question!.answer });
    expect(lab.getState().cursor).toBe(step.target);

    // The lab's link reloaded (the way back read from it), then back to the lesson.
    const again = setup();
    adoptFrom(again.session, `#preset=canonical-race${suffix}`);
    await again.session.getState().settled();
    expect(again.session.getState()).toMatchObject({ active: false, phase: 'revealed' });
    again.session.getState().resume();
    expect(again.session.getState()).toMatchObject({ phase: 'revealed', chosen: step.question!.answer });
    expect(again.lab.getState().cursor).toBe(step.target);
    // Without the answer in the way back, the question is asked.
    const asked = setup();
    adoptFrom(asked.session, '#preset=canonical-race&from=fencing-tokens/the-race/t4');
    await asked.session.getState().settled();
    asked.session.getState().resume();
    expect(asked.session.getState().phase).toBe('asking');
    // A way back to a part the lesson no longer has leads to its start, with no error over the
    // lab and no answer carried to a question it was not given for.
    const gone = setup();
    adoptFrom(gone.session, '#preset=canonical-race&from=fencing-tokens/renamed/t4/2');
    await gone.session.getState().settled();
    expect(gone.session.getState()).toMatchObject({ active: false, place: { chapter: 0, step: 0 }, error: null });
    expect(gone.lab.getState().error).toBeNull();
    gone.session.getState().resume();
    expect(gone.session.getState().chosen).toBeNull();
  });

  it('opens a hand-edited answer it cannot use with the question asked', async () => {
    for (const hash of ['answer=0', 'answer=99', 'answer=two', 'answer=-1', 'answer=1.5', 'answer=']) {
      const link = readLessonLink(`#lesson=fencing-tokens&chapter=the-race&step=t4&${hash}`)!;
      const { session } = setup();
      await session.getState().open(LESSON.id, placeFinder(link), { answer: link.answer });
      expect(session.getState().phase, hash).toBe('asking');
    }
    // A step with no question has nothing to answer.
    const { session } = setup();
    await session.getState().open(LESSON.id, { chapter: 0, step: 0 }, { answer: 1 });
    expect(session.getState().chapters[0]![0]!.question ?? null).toBeNull();
    expect(session.getState().phase).toBe('telling');
  });
});

describe("the lessons' code, loaded on first use", () => {
  it("opens the lesson the lab's button names: the first shipped one", async () => {
    expect(FIRST_LESSON_ID).toBe(LESSON.id);
    const { session } = setup();
    expect(await session.getState().open(FIRST_LESSON_ID)).toBe(true);
  });

  it('lets a later open, or a close, win over an open still loading', async () => {
    const lab = createLabStore(undefined, { code: ALL_CODE });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const session = createLessonSession(lab, () => gate.then(() => catalogue));
    const first = session.getState().open(LESSON.id, { chapter: 2, step: 4 });
    const second = session.getState().open(LESSON.id, { chapter: 1, step: 0 });
    release();
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(session.getState().place).toEqual({ chapter: 1, step: 0 });

    // A lab link opened while the lessons load (adoptFrom, with no lesson open yet) wins too.
    const pasted = createLessonSession(createLabStore(undefined, { code: ALL_CODE }), () => Promise.resolve(catalogue));
    const starting = pasted.getState().open(LESSON.id);
    adoptFrom(pasted, '#preset=canonical-race');
    expect(await starting).toBe(false);
    expect(pasted.getState().lesson).toBeNull();

    const closed = createLessonSession(createLabStore(undefined, { code: ALL_CODE }), () => Promise.resolve(catalogue));
    const opening = closed.getState().open(LESSON.id);
    closed.getState().close();
    expect(await opening).toBe(false);
    expect(closed.getState().lesson).toBeNull();
  });

  it('says so, and changes nothing, when the code cannot be loaded', async () => {
    const lab = createLabStore(undefined, { code: ALL_CODE });
    const before = lab.getState().scenario;
    const session = createLessonSession(lab, () => Promise.reject(new Error('offline')));
    expect(await session.getState().open(LESSON.id)).toBe(false);
    expect(lab.getState().error).toBe(
      'Could not load the lessons: the page could not fetch them (offline, or the site was updated). Reload the page to try again. Nothing was changed.',
    );
    expect(lab.getState().scenario).toBe(before);
    expect(session.getState().lesson).toBeNull();
  });
});
