// The run's verdict: whether every invariant held and, if not, which broke at which step (a
// button that seeks there). Also what has gone wrong so far, at the cursor.

import { useActions, useLab } from '../store/context';
import { INVARIANT_WORDS, tokensFact, verdictHeadline } from './verdictWords';

export function Verdict() {
  const { verdict, truncated, soFar, notYet } = useLab((s) => ({
    verdict: s.trace.verdict,
    truncated: s.trace.truncated,
    soFar: s.trace.steps[s.cursor]?.status.violations ?? 0,
    // With the future hidden, the whole run's verdict waits for the run's last step.
    notYet: s.hideFuture && s.cursor < s.trace.steps.length - 1,
  }));
  const { seek } = useActions();
  if (notYet) {
    return (
      <section className="verdict pending" aria-labelledby="verdict-title">
        <h2 id="verdict-title" className="section-title">
          Verdict for the whole run
        </h2>
        <p className="verdict-headline" data-testid="verdict">
          Not yet: the verdict is shown when the run reaches its end.
        </p>
      </section>
    );
  }
  const headline = verdictHeadline(verdict);
  const refused = verdict.rightfulWriteRejected;
  return (
    <section className={`verdict ${headline.tone}`} aria-labelledby="verdict-title">
      <h2 id="verdict-title" className="section-title">
        Verdict for the whole run
      </h2>
      <p className="verdict-headline" data-testid="verdict">
        <span aria-hidden="true">{headline.glyph}</span> {headline.text}
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
        {refused && (
          <li>
            Writes refused from the current holder: {verdict.rightfulWritesRejected}{' '}
            <button type="button" className="link" onClick={() => seek(refused.step)}>
              first at step {refused.step}
            </button>
          </li>
        )}
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
              the rule <strong>{INVARIANT_WORDS[v.invariant] ?? v.invariant}</strong> broke: {v.message}
            </li>
          ))}
          {verdict.violations.length > 20 && <li>…and {verdict.violations.length - 20} more.</li>}
        </ol>
      )}
    </section>
  );
}
