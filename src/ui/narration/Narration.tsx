// The "why" line: what happened at the cursor in plain words (the engine writes the sentence),
// and for a write the comparison the resource made, large: 33 <= 34 -> REJECT.

import { useLab } from '../store/context';

export function Narration() {
  // `playing`: announce steps when the user moves, not sixty times a second while playing.
  const { step, count, playing } = useLab((s) => ({
    step: s.trace.steps[s.cursor],
    count: s.trace.steps.length,
    playing: s.playing,
  }));
  if (!step) {
    return (
      <section className="narration" aria-label="Narration of this step">
        <p>Nothing happens in this scenario: add an action, such as a client acquiring the lock.</p>
      </section>
    );
  }
  const w = step.write;
  return (
    <section className="narration" aria-label="Narration of this step">
      <div className="narration-main">
        <p className="narration-where">
          {step.label && <span className="step-label big">{step.label}</span>}
          <span>
            Step {step.index} of {count - 1} · {step.timeMs} ms
          </span>
        </p>
        <p className="narration-text" data-testid="narration" aria-live={playing ? 'off' : 'polite'}>
          {step.text}
        </p>
      </div>
      {w && (
        <p className={`comparison verdict-${w.verdict}`} data-testid="comparison">
          <span className={`comparison-head${w.comparison.length > 22 ? ' long' : ''}`}>
            <span aria-hidden="true">{w.verdict === 'accepted' ? '✓' : '✕'}</span> <code>{w.comparison}</code>
          </span>
          <span className="comparison-note">
            max_seen at {w.resource}: {String(w.maxSeenBefore ?? '—')} → {String(w.maxSeenAfter ?? '—')}
            {w.stale && w.verdict === 'accepted' && (
              <strong className="danger"> · a stale holder's write got in</strong>
            )}
            {w.stale && w.verdict === 'rejected' && <strong> · a stale holder was fenced off</strong>}
          </span>
        </p>
      )}
    </section>
  );
}
