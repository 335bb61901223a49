// The strategy picker, built from the engine's STRATEGIES list (new systems appear here as they
// land), with what each does and what the model leaves out.

import { useId } from 'react';
import { STRATEGIES, aboutStrategy } from '../../engine';
import { Sources } from './Sources';
import { useActions, useLab } from '../store/context';

export function StrategyPicker() {
  const strategyId = useLab((s) => s.scenario.strategy);
  const carried = useLab((s) => s.carried);
  const { setStrategy } = useActions();
  const id = useId();
  const strategy = aboutStrategy(strategyId);
  return (
    <div className="strategy-picker">
      <div className="field">
        <label htmlFor={id}>Lock strategy</label>
        <select id={id} value={strategyId} onChange={(e) => setStrategy(e.currentTarget.value)}>
          {STRATEGIES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      {carried.length > 0 && (
        <div className="hint carried" role="status">
          <strong>What the run became here:</strong>
          <ul>
            {carried.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      {strategy && (
        <>
          <p className="strategy-summary">{strategy.summary}</p>
          <p className="hint">
            <strong>Clocks:</strong> {strategy.timers}
          </p>
          <p className="hint">
            <strong>Modelled simply:</strong> {strategy.simplification}
          </p>
          <Sources about={strategy} />
        </>
      )}
    </div>
  );
}
