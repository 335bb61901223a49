// The run's verdict: whether every invariant held and, if not, which broke at which step (a
// button that seeks there). Also what has gone wrong so far, at the cursor. When a change to the
// run changes the verdict, a polite live region says the new one once (verdictWords.ts decides
// when); a cursor step never does, and the narration keeps quiet for that change (Narration's
// `verdictSpeaks`), so one change is one announcement.

import { useState } from 'react';
import { cutShortSentence, type Trace } from '../../engine';
import { useActions, useLab } from '../store/context';
import {
  INVARIANT_WORDS,
  NOT_YET,
  nextVerdictSeen,
  shownVerdict,
  tokensFact,
  headlineOf,
  type VerdictSeen,
} from './verdictWords';

/** The live region: says the new verdict when a change to the run changes it, and only then. */
function VerdictNews({ run, shown }: { run: unknown; shown: string }) {
  const [seen, setSeen] = useState<VerdictSeen>({ run, shown, message: '' });
  const next = nextVerdictSeen(seen, run, shown);
  // State from the previous render (React's pattern for it): the message is set in the same
  // commit as the change it reports, never a frame later.
  if (next !== seen) setSeen(next);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="verdict-news">
      {next.message}
    </p>
  );
}

/** `announce`: say a changed verdict aloud (the lab); a lesson's own words speak for its runs. */
export function Verdict({ announce = true }: { announce?: boolean } = {}) {
  const { trace, verdict, truncated, soFar, shown } = useLab((s) => ({
    trace: s.trace,
    verdict: s.trace.verdict,
    truncated: s.trace.truncated,
    soFar: s.trace.steps[s.cursor]?.status.violations ?? 0,
    // With the future hidden, the whole run's verdict waits for the run's last step.
    shown: shownVerdict(s.trace, s.cursor, s.hideFuture),
  }));
  const { seek } = useActions();
  const news = announce && <VerdictNews run={trace} shown={shown} />;
  // The live region sits beside the panel, not in it: the panel's text is the verdict alone.
  if (shown === NOT_YET) {
    return (
      <>
        {news}
        <section className="verdict pending" aria-labelledby="verdict-title">
          <h2 id="verdict-title" className="section-title">
            Verdict for the whole run
          </h2>
          <p className="verdict-headline" data-testid="verdict">
            {NOT_YET}
          </p>
        </section>
      </>
    );
  }
  const headline = headlineOf(trace);
  const refused = verdict.rightfulWriteRejected;
  return (
    <>
      {news}
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
          {verdict.cutShort ? (
            <li data-testid="verdict-cut-short">{cutShortSentence(verdict.cutShort)}</li>
          ) : (
            truncated && <li>The run hit the step limit before it finished.</li>
          )}
        </ul>
        {verdict.violations.length > 0 && <Violations violations={verdict.violations} seek={seek} />}
      </section>
    </>
  );
}

/** The rules that broke, each with the step it broke at (a button that goes there); the first 20. */
function Violations({
  violations,
  seek,
}: {
  violations: Trace['verdict']['violations'];
  seek: (step: number) => void;
}) {
  return (
    <ol className="violations">
      {violations.slice(0, 20).map((v, i) => (
        <li key={i}>
          <button type="button" className="link" onClick={() => seek(v.step)}>
            Step {v.step}
          </button>{' '}
          the rule <strong>{INVARIANT_WORDS[v.invariant] ?? v.invariant}</strong> broke: {v.message}
        </li>
      ))}
      {violations.length > 20 && <li>…and {violations.length - 20} more.</li>}
    </ol>
  );
}
