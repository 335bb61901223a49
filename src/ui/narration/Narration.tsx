// The "why" line: what happened at the cursor in plain words (the engine writes the sentence),
// and for a write the comparison the resource made, large: 33 <= 34 -> REJECT. A stale holder's
// write that got in is shown as the danger it is (comparison.ts), not as a green tick.

import { useLab } from '../store/context';
import { comparisonChip } from './comparison';
import './narration.css';

/** `label` names the region where a page has two (the recorded view: one per run). */
export function Narration({ label = 'Narration of this step' }: { label?: string } = {}) {
  // `playing`: announce steps when the user moves, not sixty times a second while playing.
  const { step, count, playing, hidden } = useLab((s) => ({
    step: s.trace.steps[s.cursor],
    count: s.trace.steps.length,
    playing: s.playing,
    hidden: s.hideFuture,
  }));
  if (!step) {
    return (
      <section className="narration" aria-label={label}>
        <p>Nothing happens in this scenario: add an action, such as a client acquiring the lock.</p>
      </section>
    );
  }
  const w = step.write;
  const chip = w && comparisonChip(w);
  return (
    <section className="narration" aria-label={label}>
      <div className="narration-main">
        <p className="narration-where">
          {step.label && <span className="step-label big">{step.label}</span>}
          <span>
            Step {step.index}
            {hidden ? '' : ` of ${count - 1}`} · {step.timeMs} ms
          </span>
        </p>
        <p className="narration-text" data-testid="narration" aria-live={playing ? 'off' : 'polite'}>
          {step.text}
        </p>
      </div>
      {w && chip && (
        <p className={`comparison verdict-${chip.tone}`} data-testid="comparison">
          <span className={`comparison-head${w.comparison.length > 22 ? ' long' : ''}`}>
            <span className={`comparison-glyph${chip.tone === 'stale-accepted' ? ' stale' : ''}`} aria-hidden="true">
              {chip.glyph}
            </span>
            <span className="visually-hidden">{chip.words}: </span> <code>{w.comparison}</code>
          </span>
          <span className="comparison-note">
            max_seen at {w.resource}: {String(w.maxSeenBefore ?? '—')} → {String(w.maxSeenAfter ?? '—')}
            {chip.note && (
              <strong className={chip.tone === 'stale-accepted' ? 'danger' : undefined}> · {chip.note}</strong>
            )}
          </span>
        </p>
      )}
    </section>
  );
}
