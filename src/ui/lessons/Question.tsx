// The question before a decisive step: choices to pick (or keys 1 to 6), then, once the step has
// played, which answer was right and why. Nothing here says the answer before it is revealed.

import { useLab } from '../store/context';
import { stepOf, useLesson } from './useLesson';

/** A choice this long or shorter shares a row with others. */
const SHORT_CHOICE_CHARS = 12;

export function Question() {
  const { question, phase, chosen, answer, presenting } = useLesson((s) => ({
    question: stepOf(s)?.question ?? null,
    phase: s.phase,
    chosen: s.chosen,
    answer: s.answer,
    presenting: s.presenting,
  }));
  // The explanation waits until the answering step has played.
  const playing = useLab((s) => s.playing);
  if (!question) return null;
  const revealed = phase === 'revealed' && !playing;
  const right = question.answer;
  const outcome = chosen === null ? 'Revealed' : chosen === right ? 'Right' : 'Not quite';
  return (
    <section className={`lesson-question ${revealed ? 'revealed' : 'open'}`} aria-labelledby="question-title">
      <h2 id="question-title" className="question-prompt">
        <span className="question-tag">Predict</span> {question.prompt}
      </h2>
      {/* Short choices (tokens, counts, names) sit side by side, on every screen: a column of five
          would push the timeline below a projector's screen, and make a phone scroll further. */}
      <ol className={question.choices.every((c) => c.length <= SHORT_CHOICE_CHARS) ? 'choices short' : 'choices'}>
        {question.choices.map((choice, i) => {
          const mark = revealed
            ? i === right
              ? 'right'
              : i === chosen
                ? 'wrong'
                : 'other'
            : i === chosen
              ? 'chosen'
              : '';
          return (
            <li key={i}>
              <button
                type="button"
                className={`choice ${mark}`}
                aria-pressed={chosen === i}
                disabled={phase !== 'asking'}
                onClick={() => answer(i)}
              >
                <span className="choice-key" aria-hidden="true">
                  {revealed && i === right ? '✓' : revealed && i === chosen ? '✕' : i + 1}
                </span>{' '}
                {choice}
                {revealed && i === right && <span className="visually-hidden"> (the right answer)</span>}
                {revealed && i === chosen && i !== right && <span className="visually-hidden"> (your answer)</span>}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="question-result" role="status">
        {revealed ? (
          <p data-testid="question-result">
            <strong className={chosen === null ? '' : chosen === right ? 'right' : 'wrong'}>{outcome}.</strong>{' '}
            {/* Presenting, the right choice stays on the screen, marked, just above: not said twice. */}
            {chosen !== right && !presenting && (
              <>
                The answer: <em>{question.choices[right]}</em>.{' '}
              </>
            )}
            {question.why}
          </p>
        ) : phase === 'revealed' ? (
          <p className="hint">Watch the run…</p>
        ) : presenting ? null : (
          // Presenting, the screen is the class's: the bar's Show the answer button is the
          // teacher's cue, and two lines of instructions to the teacher cost the timeline its axis.
          <p className="hint">Pick an answer to play the step.</p>
        )}
      </div>
    </section>
  );
}
