// The run's verdict: whether every invariant held and, if not, which broke at which step (a
// button that seeks there). Also what has gone wrong so far, at the cursor.

import { useActions, useLab } from '../store/context';
import { INVARIANT_WORDS, tokensFact } from './verdictWords';

export function Verdict() {
  const { verdict, truncated, soFar } = useLab((s) => ({
    verdict: s.trace.verdict,
    truncated: s.trace.truncated,
    soFar: s.trace.steps[s.cursor]?.status.violations ?? 0,
  }));
  const { seek } = useActions();
  const stale = verdict.staleWriteAccepted;
  // A stale write can get in without breaking an invariant (the zombie writes before the new
  // holder's token reaches the store): the headline says so rather than "all is well".
  const safe = verdict.ok && !stale;
  const headline = !verdict.ok
    ? `${verdict.violations.length} invariant ${verdict.violations.length === 1 ? 'violation' : 'violations'}.`
    : stale
      ? `No invariant broke, but a stale holder's write got in (${stale.client} at ${stale.resource}).`
      : 'Every invariant held; no stale write got in.';
  return (
    <section className={`verdict ${safe ? 'ok' : 'broken'}`} aria-labelledby="verdict-title">
      <h2 id="verdict-title" className="section-title">
        Verdict for the whole run
      </h2>
      <p className="verdict-headline" data-testid="verdict">
        <span aria-hidden="true">{safe ? '✓' : '✕'}</span> {headline}
      </p>
      <ul className="verdict-facts">
        <li>{tokensFact(verdict)}</li>
        <li>
          Stale writes rejected: {verdict.staleWritesRejected}; accepted: {verdict.staleWritesAccepted}
          {verdict.staleWriteAccepted && (
            <>
              {' '}
              <button type="button" className="link" onClick={() => seek(verdict.staleWriteAccepted!.step)}>
                first at step {verdict.staleWriteAccepted.step}
              </button>
            </>
          )}
        </li>
        {!verdict.ok && <li>Broken so far (up to this step): {soFar}</li>}
        {truncated && <li>The run hit the step limit before it finished.</li>}
      </ul>
      {verdict.violations.length > 0 && (
        <ol className="violations">
          {verdict.violations.slice(0, 20).map((v, i) => (
            <li key={i}>
              <button type="button" className="link" onClick={() => seek(v.step)}>
                Step {v.step}
              </button>{' '}
              <strong>{INVARIANT_WORDS[v.invariant] ?? v.invariant}</strong> broke: {v.message}
            </li>
          ))}
          {verdict.violations.length > 20 && <li>…and {verdict.violations.length - 20} more.</li>}
        </ol>
      )}
    </section>
  );
}
