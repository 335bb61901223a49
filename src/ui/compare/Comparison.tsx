// The current scenario under every strategy, laid out like the article's table: is the token
// monotonic, was the stale holder's write blocked, and why (read off each run). Each row opens
// that strategy in the timeline. Computed when this view is shown (by a worker, row by row, with
// progress and a way to stop); never while hidden; kept for a scenario already compared.

import { useEffect, useRef, useState } from 'react';
import {
  COMPARISON_COLUMNS,
  DEFAULT_EVENT_BUDGET,
  HOLDER_REFUSED_WORDS,
  NO_TOKEN_WHY,
  STRATEGIES,
  blockedOutcome,
  carryTo,
  type Scenario,
} from '../../engine';
import { startComparison } from '../workers/comparison';
import type { RowSummary } from '../workers/wire';
import { useActions, useLab } from '../store/context';
import { rowCarryWords, sharedCarryNotes } from './carried';
import { fetchPreset } from '../store/code/presets';
import { Sources } from '../strategy/Sources';
import { recordingOf } from '../recorded/catalog';

/** The pitfall where fencing cannot help: the zombie's write comes before the newer token. */
const EARLY_ZOMBIE = 'pitfall-early-zombie';
const YesNo = ({ value, warned = false }: { value: boolean | null; warned?: boolean }) =>
  value === null ? (
    <span className={warned ? 'na warned' : 'na'}>
      <span aria-hidden="true">{warned ? '⚠' : '–'}</span> {warned ? 'Not tested: see the warning' : 'Not tested'}
      <span className="visually-hidden">: no superseded holder wrote</span>
    </span>
  ) : (
    <span className={value ? 'yes' : 'no'}>
      <span aria-hidden="true">{value ? '✓' : '✕'}</span> {value ? 'Yes' : 'No'}
    </span>
  );

/**
 * The "zombie's write kept out" cell: Yes, No or not tested; a run cut short by its event budget
 * is its own outcome, never a ✓ or "Not tested" (nothing beyond the cut is known; its warning says
 * where it stopped). Where the store turned away the rightful holder's own write, that verdict in
 * its own words: alone where no zombie wrote (never "Not tested"), beside the answer where one did.
 */
export function BlockedCell({
  row,
}: {
  row: Pick<RowSummary, 'staleWriteBlocked' | 'error' | 'cutShort' | 'warnings' | 'holderRefused'>;
}) {
  const outcome = blockedOutcome(row);
  const refused = row.holderRefused !== null && outcome !== 'could-not-run';
  if (refused && outcome === 'not-tested')
    return (
      <span className="no holder-refused">
        <span aria-hidden="true">✕</span> {HOLDER_REFUSED_WORDS.charAt(0).toUpperCase() + HOLDER_REFUSED_WORDS.slice(1)}
      </span>
    );
  return (
    <>
      <ZombieCell row={row} outcome={outcome} />
      {refused && (
        <span className="no holder-refused">
          <span aria-hidden="true">✕</span> {outcome === 'yes' ? 'But it' : 'And it'} {HOLDER_REFUSED_WORDS}
        </span>
      )}
    </>
  );
}

/** The zombie's half of the blocked cell: a cut-short run's own outcome, else Yes, No or not tested. */
function ZombieCell({
  row,
  outcome,
}: {
  row: Pick<RowSummary, 'staleWriteBlocked' | 'warnings'>;
  outcome: ReturnType<typeof blockedOutcome>;
}) {
  if (outcome === 'cut-short' || outcome === 'no-then-cut-short')
    return (
      <span className="cut" data-testid="cut-short-cell">
        <span aria-hidden="true">⚠</span>{' '}
        {outcome === 'cut-short' ? 'Cut short: see the warning' : 'No, then cut short'}
        <span className="visually-hidden">: the run used up its budget of engine events before its end</span>
      </span>
    );
  return <YesNo value={row.staleWriteBlocked} warned={row.warnings.length > 0} />;
}

/** The columns' names: the header row, and on a phone each cell's own label (tables.css). */
const COLUMNS = COMPARISON_COLUMNS;

/** A cell's column name, drawn in the cell where the rows are cards (a phone); the header row
 * already gives it to screen readers, so it is hidden from them here. */
const CellLabel = ({ text }: { text: string }) => (
  <span className="cell-label" aria-hidden="true">
    {text}
  </span>
);

/** A scenario's comparison, as far as it got. */
interface Result {
  scenario: Scenario;
  rows: (RowSummary | undefined)[];
  state: 'running' | 'done' | 'cancelled' | 'failed';
  failure?: string;
}

/** The last complete comparison: coming back to this view for the same scenario does not rerun it. */
let kept: Result | null = null;

/** Waits this long after a change before running: a burst of edits runs the comparison once. */
const SETTLE_MS = 150;

export function Comparison() {
  const { scenario, edited } = useLab((s) => ({ scenario: s.scenario, edited: s.edited }));
  // A run changed in the lab still has its preset's name: the caption says it is changed.
  const caption = `“${scenario.name}”${edited ? ', as you changed it,' : ''} run under every strategy.`;
  const { setStrategy, loadPreset, showError } = useActions();
  // The presets beyond the page's own come on demand (store/code/presets.ts): fetched, then opened.
  const openEarlyZombie = () =>
    void fetchPreset(EARLY_ZOMBIE).then(
      (preset) => (preset ? loadPreset(EARLY_ZOMBIE) : undefined),
      () => showError('Could not open that run: the page could not fetch it (offline, or the site was updated).'),
    );
  const { shown, stop, again } = useComparison(scenario);
  const { rows, state } = shown;
  const ran = rows.filter(Boolean).length;
  const sharedCarried = sharedCarryNotes(rows);
  return (
    <>
      {state !== 'done' && <ComparisonProgress result={shown} ran={ran} stop={stop} again={again} />}
      {/* Outside the scroll box, so a long name wraps on a phone instead of scrolling away. */}
      <p className="compare-caption" aria-hidden="true">
        {caption}
      </p>
      {sharedCarried.length > 0 && (
        <p className="compare-carried">
          <strong>How the other systems’ runs were carried</strong>, where their rows point here:{' '}
          {sharedCarried.join(' ')}
        </p>
      )}
      {/* On a narrow screen the table scrolls sideways inside its panel instead of widening the page. */}
      <div className="compare-scroll">
        <table className="compare-table">
          <caption className="visually-hidden">{caption}</caption>
          <ComparisonHead />
          <tbody>
            {rows.map((row, index) => {
              const strategy = STRATEGIES[index]!;
              return row ? (
                <ComparisonRow
                  key={row.strategy}
                  row={row}
                  current={row.strategy === scenario.strategy}
                  carriedText={rowCarryWords(row.carried, sharedCarried)}
                  recording={row.recordedOn ? recordedRun(scenario, row.strategy) : null}
                  open={() => setStrategy(row.strategy)}
                />
              ) : (
                <WaitingRow key={strategy.id} name={strategy.name} running={state === 'running'} />
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.some((row) => row?.cutShort) && (
        <p className="hint compare-note" data-testid="cut-short-key">
          <strong>⚠ Cut short</strong>: that system’s run used up its budget of{' '}
          {DEFAULT_EVENT_BUDGET.toLocaleString('en-US')} engine events (every message, timer and heartbeat is one)
          before its end, so its row says only what happened up to where it stopped, not whether the zombie’s write was
          kept out. Its warning says where it stopped.
        </p>
      )}
      <ComparisonNotes openEarlyZombie={openEarlyZombie} />
    </>
  );
}

/**
 * The comparison of `scenario`, as far as it got: run after a pause (a burst of edits runs it
 * once), row by row by a worker; kept once complete. `stop` stops it; `again` runs it afresh.
 */
function useComparison(scenario: Scenario): { shown: Result; stop: () => void; again: () => void } {
  const [result, setResult] = useState<Result | null>(null);
  const [attempt, setAttempt] = useState(0);
  const stop = useRef<() => void>(() => {});

  useEffect(() => {
    if (kept?.scenario === scenario) return;
    const rows: (RowSummary | undefined)[] = STRATEGIES.map(() => undefined);
    const publish = (state: Result['state'], failure?: string) =>
      setResult({ scenario, rows: [...rows], state, ...(failure ? { failure } : {}) });
    let cancel: (() => void) | null = null;
    const timer = setTimeout(() => {
      cancel = startComparison(scenario, {
        onRow(index, row) {
          rows[index] = row;
          publish('running');
        },
        onDone() {
          kept = { scenario, rows: [...rows], state: 'done' };
          setResult(kept);
        },
        onFailed: (message) => publish('failed', message),
      });
    }, SETTLE_MS);
    stop.current = () => {
      clearTimeout(timer);
      cancel?.();
      publish('cancelled');
    };
    return () => {
      clearTimeout(timer);
      cancel?.();
    };
  }, [scenario, attempt]);

  const shown: Result =
    kept?.scenario === scenario
      ? kept
      : result?.scenario === scenario
        ? result
        : { scenario, rows: STRATEGIES.map(() => undefined), state: 'running' };
  return { shown, stop: () => stop.current(), again: () => setAttempt((n) => n + 1) };
}

interface ProgressProps {
  result: Result;
  /** How many rows have come. */
  ran: number;
  stop: () => void;
  again: () => void;
}

/** How far the comparison got, with Stop while it runs and a way to run it again once it ended. */
function ComparisonProgress({ result, ran, stop, again }: ProgressProps) {
  const { state } = result;
  return (
    <div className="compare-progress" role="status">
      {state === 'running' && (
        <>
          <progress max={STRATEGIES.length} value={ran} aria-label="Strategies run" />
          <span>
            Running “{result.scenario.name}” under every strategy: {ran} of {STRATEGIES.length} done.
          </span>
          <button type="button" onClick={stop}>
            Stop
          </button>
        </>
      )}
      {state !== 'running' && (
        <>
          <span>
            {state === 'cancelled'
              ? `Stopped after ${ran} of ${STRATEGIES.length} strategies.`
              : `The comparison could not finish: ${result.failure ?? 'the engine stopped'}.`}
          </span>
          <button type="button" onClick={again}>
            Run the comparison again
          </button>
        </>
      )}
    </div>
  );
}

function ComparisonHead() {
  return (
    <thead>
      <tr>
        <th scope="col">{COLUMNS.approach}</th>
        <th scope="col">{COLUMNS.monotonic}</th>
        <th scope="col">{COLUMNS.blocked}</th>
        <th scope="col">{COLUMNS.why}</th>
        <th scope="col">
          <span className="visually-hidden">Open</span>
        </th>
      </tr>
    </thead>
  );
}

/** A strategy's row before its run has come (or once the comparison stopped without it). */
function WaitingRow({ name, running }: { name: string; running: boolean }) {
  return (
    <tr className="waiting">
      <th scope="row">{name}</th>
      <td colSpan={3} className="why">
        {running ? 'Waiting for its run…' : 'Not run.'}
      </td>
      {/* Its own cell, as in the other rows: presenting hides the column whole. */}
      <td className="open-cell" />
    </tr>
  );
}

interface RowProps {
  row: RowSummary;
  /** The row of the strategy shown in the lab. */
  current: boolean;
  /** What this row's run could not carry, beyond what every row says once (null: nothing). */
  carriedText: string | null;
  /** Switches the lab to this row's strategy. */
  open: () => void;
  /** The id of the shipped recording of this very run, or null (recordedRun). */
  recording: string | null;
}

/** The id of the shipped recording of `scenario` carried to `strategy`, or null: only a row whose
 * very run a real server was recorded running says its model was checked against one; a what-if
 * never recorded is the model alone, whatever other runs of its system were checked. */
function recordedRun(scenario: Scenario, strategy: string): string | null {
  try {
    return recordingOf(carryTo(scenario, strategy).scenario)?.id ?? null;
  } catch {
    // A scenario that does not carry to this strategy: its row says why, and no run was recorded.
    return null;
  }
}

/** One strategy's row: its name (with what the model leaves out), its answers, and Open. */
function ComparisonRow({ row, current, carriedText, open, recording }: RowProps) {
  return (
    <tr className={current ? 'current' : undefined}>
      <th scope="row">
        {row.name}
        {recording && (
          <a className="recorded-on" href={`#recording=${recording}`}>
            model checked against a real server
          </a>
        )}
        {/* Long (ZooKeeper's is 900 characters): folded, and named for what it is. */}
        <details className="simplification">
          <summary>What the model leaves out, and its sources</summary>
          {row.simplification}
          <Sources about={row} />
        </details>
      </th>
      {row.error ? (
        <td colSpan={3} className="why row-error">
          {row.error}
        </td>
      ) : (
        <RowVerdict row={row} carriedText={carriedText} />
      )}
      <td className="open-cell">
        {current ? (
          <span className="current-note">shown</span>
        ) : (
          <button
            type="button"
            className="open"
            onClick={() => {
              open();
              // The change shows in the narration and timeline at the top: bring them into view.
              document.querySelector('.narration')?.scrollIntoView({ block: 'start' });
            }}
          >
            Open<span className="visually-hidden"> {row.name}</span> in timeline
          </button>
        )}
      </td>
    </tr>
  );
}

/** A row's three answers: a monotonic token, the stale write blocked, and why. */
function RowVerdict({ row, carriedText }: Pick<RowProps, 'row' | 'carriedText'>) {
  return (
    <>
      <td>
        <CellLabel text={COLUMNS.monotonic} />
        {row.monotonicToken === null ? (
          // "No", as the article's table has it, with why under it: on one line it
          // widened the column, and the projector's table ran a screen and a half.
          <span className="no">
            <span aria-hidden="true">✕</span> No <span className="cell-why">({NO_TOKEN_WHY})</span>
          </span>
        ) : (
          <YesNo value={row.monotonicToken} />
        )}
      </td>
      <td>
        <CellLabel text={COLUMNS.blocked} />
        <BlockedCell row={row} />
      </td>
      <td className="why">
        <CellLabel text={COLUMNS.why} />
        {row.reason}
        {row.caveat && <span className="row-caveat"> {row.caveat}</span>}
        {row.warnings.map((w) => (
          <span className="row-warning" key={w}>
            <strong>Warning:</strong> {w}
          </span>
        ))}
        {carriedText !== null && (
          <span className="row-carried">
            <strong>How this run was carried here:</strong> {carriedText}
          </span>
        )}
      </td>
    </>
  );
}

/** What a ✓ means, and how the rows are worked out. */
function ComparisonNotes({ openEarlyZombie }: { openEarlyZombie: () => void }) {
  return (
    <>
      {/* Below and outside the scroll box, so on a phone it wraps to the screen. */}
      <p className="hint compare-note">
        A ✓ answers this run, not every run: a token keeps out only a write that reaches the store after a newer token
        has. A zombie that writes before the new holder’s first write gets in wherever a store outside the lock service
        learns of the newer token from that write alone, as the max_seen store does under ZooKeeper, etcd and the
        generic pattern (
        <button type="button" className="link" onClick={openEarlyZombie}>
          open that run
        </button>
        ). A check made with the lock service itself refuses it: etcd’s guarded transaction, ZooKeeper’s multi with a
        check of the lock node, HDFS’s journal nodes (promised the new epoch as the writer takes over).
      </p>
      <p className="hint compare-note">
        Each row is worked out by running this scenario under that system, not looked up: change the scenario and the
        answers can change. Every row replays the same actions and seed, and the knobs you set; a knob you left alone
        takes each system’s own default (Chubby’s lock-delay is as long as its lease, where the others have none). In
        every row but the one shown, two things are the system’s own, not yours: where the tokens come from, and how the
        store checks them. When a row could not replay something, its “How this run was carried here” says what (what
        several rows left out alike is said once, above the table). Opening a row switches the lab to that system and
        leaves that out of your run too; Undo brings it all back.
      </p>
    </>
  );
}
