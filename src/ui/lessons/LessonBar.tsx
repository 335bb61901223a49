// The lesson's header (hidden when presenting): its title, a chapter picker, presenting, and the
// way out to the lab.

import { lengthText, lessonLength } from './length';
import { useLesson } from './useLesson';

export function LessonBar() {
  const s = useLesson((s) => ({
    lesson: s.lesson,
    chapter: s.place.chapter,
    goTo: s.goTo,
    setPresenting: s.setPresenting,
    close: s.close,
  }));
  if (!s.lesson) return null;
  return (
    <header className="lesson-bar">
      <p className="lesson-brand">
        <strong>Fencelab</strong> · <span>{s.lesson.title}</span>{' '}
        <span className="lesson-length">({lengthText(lessonLength(s.lesson))})</span>
      </p>
      <label className="chapter-picker">
        <span>Chapter</span>
        <select value={s.chapter} onChange={(e) => s.goTo({ chapter: Number(e.currentTarget.value), step: 0 })}>
          {s.lesson.chapters.map((c, i) => (
            <option key={c.id} value={i}>
              {i + 1}. {c.title}
            </option>
          ))}
        </select>
      </label>
      <div className="lesson-bar-actions">
        {/* The way to show a class: the lesson laid out to fill the screen, in large type. */}
        <button
          type="button"
          className="primary"
          onClick={() => s.setPresenting(true)}
          title="The lesson in large type, fitted to the screen, for a class (P; Esc to come back)"
        >
          Present on a projector
        </button>
        <button type="button" onClick={s.close}>
          Leave the lesson
        </button>
      </div>
    </header>
  );
}
