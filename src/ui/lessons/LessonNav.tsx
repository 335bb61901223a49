// Moving through a lesson: back and next (the clicker's keys do the same), the steps of this
// chapter as links (each is the step's own deep link), and the way into the lab from here.

import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLab, useLabStore } from '../store/context';
import { lessonHash } from './lessonUrl';
import { HELD_PRESS_EVENT, pressForward } from './keys';
import type { ResolvedStep } from '../../engine';
import { playsToStop, type LessonActions, type LessonState } from './session';
import { useLesson, useSession } from './useLesson';

/** How long (ms) the bar says a new speed where it shows none (More below, the lesson's end). */
const SPEED_SAID_MS = 1500;

/** Whether the speed has just changed: + and − then say what it is, wherever the bar is. */
function useSpeedSaid(speed: number): boolean {
  const [said, setSaid] = useState(false);
  const last = useRef(speed);
  useEffect(() => {
    if (last.current === speed) return undefined;
    last.current = speed;
    setSaid(true);
    const timer = setTimeout(() => setSaid(false), SPEED_SAID_MS);
    return () => clearTimeout(timer);
  }, [speed]);
  return said;
}

/** The least time (ms) the bar says a press was held back. */
const HELD_SAID_MIN_MS = 700;

/** Whether a forward press was just held back (keys.ts), until the hold is over. */
function usePressHeld(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onHeld = (event: Event) => {
      setHeld(true);
      clearTimeout(timer);
      // As long as the hold lasts, and long enough to be seen.
      const left = (event as CustomEvent<number>).detail;
      timer = setTimeout(() => setHeld(false), Math.max(HELD_SAID_MIN_MS, Number.isFinite(left) ? left : 0));
    };
    window.addEventListener(HELD_PRESS_EVENT, onHeld);
    return () => {
      window.removeEventListener(HELD_PRESS_EVENT, onHeld);
      clearTimeout(timer);
    };
  }, []);
  return held;
}

/** `moreBelow`: presenting, the step shows more below the screen, and forward scrolls to it first. */
export function LessonNav({ moreBelow = false }: { moreBelow?: boolean }) {
  const s = useLesson((s) => ({
    lesson: s.lesson,
    chapters: s.chapters,
    place: s.place,
    presenting: s.presenting,
    phase: s.phase,
    next: s.next,
    previous: s.previous,
    goTo: s.goTo,
    takeOver: s.takeOver,
    setPresenting: s.setPresenting,
    close: s.close,
  }));
  const speed = useLab((l) => l.speed);
  const speedSaid = useSpeedSaid(speed);
  // A press while a step's run plays to its stop finishes the playing first (session.next): the
  // button says so, so a presenter counting presses is not surprised.
  const finishing = useLab(playsToStop);
  const held = usePressHeld() && s.phase === 'asking';
  if (!s.lesson) return null;
  const steps = s.chapters[s.place.chapter] ?? [];
  const atStart = s.place.chapter === 0 && s.place.step === 0;
  const atEnd = s.place.chapter === s.chapters.length - 1 && s.place.step === steps.length - 1 && s.phase !== 'asking';
  return (
    <nav className="lesson-nav" aria-label="Lesson steps">
      <button type="button" onClick={s.previous} disabled={atStart} title="Back (←, Page Up)">
        {/* Arrows are drawn for the eye; a screen reader hears the words alone. */}
        <span aria-hidden="true">←</span> Back
      </button>
      <StepLinks state={s} steps={steps} />
      {/* Presenting, the last step's bar has the end's words instead: on one line at 150 % zoom. */}
      {!(atEnd && s.presenting) && (
        <ForwardButton finishing={finishing} held={held} asking={s.phase === 'asking'} atEnd={atEnd} />
      )}
      <button type="button" onClick={s.takeOver} title="Open this run at this step in the lab, with a way back">
        {/* "Try it" on a phone, where the bar's second row has room for three short buttons. */}
        Try it<span className="nav-long"> yourself</span>
      </button>
      {atEnd && <LessonEnd goTo={s.goTo} close={s.close} />}
      <BarNote speed={speed} speedSaid={speedSaid} moreBelow={moreBelow} />
      {s.presenting && (
        <button
          type="button"
          className="leave-present"
          onClick={() => s.setPresenting(false)}
          title="Exit presenting (Esc)"
        >
          {/* At the end the bar has the end's words too: shorter, so it stays one line at 150 %. */}
          Exit presenting{atEnd ? '' : ' (Esc)'}
        </button>
      )}
    </nav>
  );
}

type NavState = Pick<LessonState, 'lesson' | 'chapters' | 'place' | 'presenting'> & Pick<LessonActions, 'goTo'>;

/** This chapter's steps as links, each the step's own deep link. */
function StepLinks({ state: s, steps }: { state: NavState; steps: readonly ResolvedStep[] }) {
  const follow = (event: MouseEvent, step: number) => {
    event.preventDefault();
    s.goTo({ chapter: s.place.chapter, step });
  };
  return (
    <ol className="step-links">
      {steps.map((step, i) => (
        <li key={step.id}>
          <a
            href={lessonHash({ ...s, presenting: s.presenting }, { chapter: s.place.chapter, step: i })}
            aria-current={i === s.place.step ? 'step' : undefined}
            aria-label={`Part ${i + 1}${step.question ? ', with a question' : ''}`}
            title={`Part ${i + 1}${step.question ? ' (? it asks the class a question)' : ''}`}
            onClick={(e) => follow(e, i)}
          >
            {i + 1}
            {step.question && <span aria-hidden="true">?</span>}
          </a>
        </li>
      ))}
    </ol>
  );
}

interface ForwardProps {
  /** A press finishes the step's run playing to its stop first (session.next). */
  finishing: boolean;
  /** A press just after the question came is held back (keys.ts). */
  held: boolean;
  asking: boolean;
  atEnd: boolean;
}

/** Next, which says what a press does now: finish playing, wait, show the answer, or go on. */
function ForwardButton({ finishing, held, asking, atEnd }: ForwardProps) {
  const session = useSession();
  const lab = useLabStore();
  return (
    <button
      type="button"
      className="primary"
      // A press just after the question came is held, so a double press cannot give the answer
      // away before the class has read it: the button says so while it lasts, and a click on
      // it is held too, as its words say.
      onClick={held ? undefined : (event) => pressForward(session, lab, event.timeStamp)}
      aria-disabled={held || undefined}
      disabled={atEnd}
      title="Next (→, Page Down, space)"
    >
      {finishing ? 'Finish playing' : held ? 'Read the question first' : asking ? 'Show the answer' : 'Next'}{' '}
      <span aria-hidden="true">→</span>
    </button>
  );
}

/** The lesson's end: start again, or back to the lab. */
function LessonEnd({ goTo, close }: Pick<LessonActions, 'goTo' | 'close'>) {
  return (
    <p className="lesson-end" role="status">
      End of the lesson.{' '}
      <button type="button" className="link" onClick={() => goTo({ chapter: 0, step: 0 }, true)}>
        Start again
      </button>{' '}
      ·{' '}
      <button type="button" className="link" onClick={close}>
        Back to the lab
      </button>
    </p>
  );
}

/**
 * In the bar, where it covers nothing: the speed and the keys; more below, when the step goes on
 * under the screen; the new speed just after + or − (the end of the lesson has no speed shown).
 */
function BarNote({ speed, speedSaid, moreBelow }: { speed: number; speedSaid: boolean; moreBelow: boolean }) {
  if (speedSaid)
    return (
      <p className="speed-said" role="status">
        Speed {speed}x
      </p>
    );
  if (moreBelow)
    return (
      <p className="more-below" aria-hidden="true">
        More below: <kbd>→</kbd>
      </p>
    );
  return (
    <p
      className="lesson-keys"
      title="Keys: Right, Page Down or space go on; Left or Page Up go back; 1 to 6 answer; B blanks the screen; P presents; K shows the timeline's key, presenting; + and − change the speed"
    >
      Speed {speed}x
      <span className="keys-words">
        {' '}
        · Keys: <kbd>→</kbd> next, <kbd>←</kbd> back, <kbd>1</kbd>–<kbd>6</kbd> answer, <kbd>P</kbd> present on a
        projector (then <kbd>K</kbd> the timeline’s key), <kbd>B</kbd> blank the screen, <kbd>+</kbd> <kbd>−</kbd> speed
      </span>
    </p>
  );
}
