// The current scenario under every strategy, laid out like the article's table: is the token
// monotonic, was the stale holder's write blocked, and why (read off each run). Each row opens
// that strategy in the timeline. Computed only while this view is shown.

import { useEffect, useState } from 'react';
import { STRATEGIES, compareStrategies, type ComparisonRow, type Scenario } from '../../engine';
import { useActions, useLab } from '../store/context';

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

export function Comparison() {
  const scenario = useLab((s) => s.scenario);
  const { setStrategy } = useActions();
  // Running a long scenario under every strategy takes a moment: say so first, then compute.
  const [result, setResult] = useState<{ scenario: Scenario; rows: ComparisonRow[] } | null>(null);
  useEffect(() => {
    if (result?.scenario === scenario) return;
    const timer = setTimeout(() => setResult({ scenario, rows: compareStrategies(scenario) }), 20);
    return () => clearTimeout(timer);
  }, [scenario, result]);
  const rows = result?.scenario === scenario ? result.rows : null;
  if (!rows) {
    return (
      <p className="hint" role="status">
        Running “{scenario.name}” under {STRATEGIES.length} strategies…
      </p>
    );
  }
  return (
    <>
      {/* On a narrow screen the table scrolls sideways inside its panel instead of widening the page. */}
      <div className="compare-scroll">
        <table className="compare-table">
          <caption>“{scenario.name}” run under every strategy.</caption>
          <thead>
            <tr>
              <th scope="col">Approach</th>
              <th scope="col">Monotonic token?</th>
              <th scope="col">Stale-holder write blocked?</th>
              <th scope="col">Why (from the run)</th>
              <th scope="col">
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const current = row.strategy === scenario.strategy;
              return (
                <tr key={row.strategy} className={current ? 'current' : undefined}>
                  <th scope="row">
                    {row.name}
                    <span className="simplification">{row.simplification}</span>
                  </th>
                  {row.error ? (
                    <td colSpan={3} className="why row-error">
                      {row.error}
                    </td>
                  ) : (
                    <>
                      <td>
                        <YesNo value={row.monotonicToken} />
                      </td>
                      <td>
                        <YesNo value={row.staleWriteBlocked} warned={row.warnings.length > 0} />
                      </td>
                      <td className="why">
                        {row.reason}
                        {row.warnings.map((w) => (
                          <span className="row-warning" key={w}>
                            <strong>Warning:</strong> {w}
                          </span>
                        ))}
                        {row.carried.length > 0 && (
                          <span className="row-carried">
                            <strong>How this run was carried here:</strong> {row.carried.join(' ')}
                          </span>
                        )}
                      </td>
                    </>
                  )}
                  <td>
                    {current ? (
                      <span className="current-note">shown</span>
                    ) : (
                      <button
                        type="button"
                        className="open"
                        onClick={() => {
                          setStrategy(row.strategy);
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
            })}
          </tbody>
        </table>
      </div>
      {/* Below and outside the scroll box, so on a phone it wraps to the screen. */}
      <p className="hint compare-note">
        The answers come from each run, not from a fixed table: change the scenario and they may change. Every row keeps
        the run’s actions, interventions, seed and knobs, except the token source and the store’s check, which are each
        system’s own: what you set for those two applies only to the row shown in the timeline.
      </p>
    </>
  );
}
