// The search's answer in words: a break (the rule, its thresholds, the chain of what happened,
// with buttons that open it on the timeline and under fencing), a property of the design (broken
// with no fault at all), the bound explored when nothing broke (never a bare "safe"), or why the
// input was refused.

import type { Scenario } from '../../engine';
import type { SearchResult } from '../../engine/surfaces/search';
import type { LabStore } from '../store/labStore';
import { formatNumber } from '../format/number';
import { openAnswer, openFencingTwin } from './answer';
import { encodeHash } from '../store/link/url';
import { CopyLink } from './CopyLink';

/** The lab's share link for `scenario` opened at `cursor`, as the header's Share gives it once it is on screen. */
async function linkTo(scenario: Scenario, cursor: number): Promise<string> {
  const own = scenario.actions.length;
  const hash = await encodeHash({ scenario, cursor, ownActionCount: own, presetId: null, edited: false });
  return window.location.href.replace(/#.*$/, '') + hash;
}

const faultsWords = (n: number) => `${n === 0 ? 'no' : n} ${n === 1 ? 'fault' : 'faults'}`;

export function Answer({ result, designLabel, lab }: { result: SearchResult; designLabel: string; lab: LabStore }) {
  if (result.kind === 'invalid')
    return (
      <p className="breakit-answer breakit-problem" role="alert">
        The search refused this design: {result.message}
      </p>
    );
  if (result.kind === 'held')
    return (
      <div className="breakit-answer held" data-testid="breakit-answer">
        <h4>{designLabel}: no break found within the bound</h4>
        <p>{result.bound}</p>
      </div>
    );
  if (result.kind === 'property')
    return (
      <div className="breakit-answer broken" data-testid="breakit-answer">
        <h4>
          {designLabel}: breaks with no fault at all ({result.ruleWords})
        </h4>
        <p>{result.words}</p>
      </div>
    );
  return (
    <div className="breakit-answer broken" data-testid="breakit-answer">
      <h4>
        {designLabel}: broken with {faultsWords(result.faults)}: {result.ruleWords}
      </h4>
      <p className="breakit-found">
        The shortest break, found after {formatNumber(result.tried)} schedules and brought to its threshold:
      </p>
      <ul className="breakit-thresholds" aria-label="Thresholds">
        {result.thresholds.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <ol className="breakit-chain" aria-label="What happened">
        {result.chain.map((sentence, i) => (
          <li key={i}>{sentence}</li>
        ))}
      </ol>
      <div className="breakit-buttons">
        <button type="button" onClick={() => openAnswer(lab, result.scenario, result.breakStep, result)}>
          Open it on the timeline
        </button>
        <button type="button" onClick={() => openFencingTwin(lab, result.scenario)}>
          Try the same faults under fencing
        </button>
        <CopyLink linkOf={() => linkTo(result.scenario, result.breakStep)} />
      </div>
    </div>
  );
}
