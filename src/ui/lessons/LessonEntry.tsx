// The lab's doors to the lessons: a button that starts the walkthrough, and, after "Try it
// yourself", a banner with the way back to the step the learner left.

import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { LessonSession } from './session';
import { lengthText, SHIPPED_LESSONS } from './length';

/** The lab's doors to the shipped lessons, each with its length (parts, questions, minutes). */
export function StartLessons({ session }: { session: LessonSession }) {
  return (
    <>
      {SHIPPED_LESSONS.map((l) => (
        <StartLesson key={l.id} session={session} lessonId={l.id} name={l.name} length={lengthText(l.length)} />
      ))}
    </>
  );
}

interface StartProps {
  session: LessonSession;
  lessonId: string;
  name: string;
  /** The lesson's length in words. */
  length: string;
}

function StartLesson({ session, lessonId, name, length }: StartProps) {
  // A lesson left before its end opens again where it was left: a teacher who stepped out to the
  // lab mid-class comes back to the same step, not to the first (the chapter picker goes elsewhere).
  // While the lesson is open behind the lab ("Try it yourself"), this goes back to it, as the
  // banner's button does: the lab is given back, the lesson's step comes back as it was.
  const away = useStore(session, (s) => s.lesson?.id === lessonId && !s.active);
  const left = useStore(session, (s) => (s.left?.lessonId === lessonId ? s.left.place : null));
  const start = () => {
    const state = session.getState();
    if (away) state.resume();
    // The lessons' code loads on this press, not with the lab.
    else void state.open(lessonId, left ?? {});
  };
  return (
    <button
      type="button"
      className="link start-lesson"
      onClick={start}
      title={
        left
          ? `Back to the lesson where you left it: chapter ${left.chapter + 1}, part ${left.step + 1}`
          : `A guided walkthrough of fencing tokens, with questions, for a class or a projector: ${length}`
      }
    >
      {name}
    </button>
  );
}

export function BackToLesson({ session }: { session: LessonSession }) {
  const s = useStore(
    session,
    useShallow((s) => ({
      title: s.lesson?.title ?? null,
      chapter: s.lesson?.chapters[s.place.chapter]?.title ?? '',
      step: s.place.step + 1,
      away: s.lesson !== null && !s.active,
    })),
  );
  if (!s.away) return null;
  return (
    <div className="back-to-lesson" role="region" aria-label="Back to the lesson">
      <p>
        You are trying out a part of the lesson <strong>{s.title}</strong> ({s.chapter}, part {s.step}). Change anything
        you like: the lesson is kept as it was.
      </p>
      <button type="button" className="primary" onClick={() => session.getState().resume()}>
        Back to the lesson
      </button>
    </div>
  );
}
