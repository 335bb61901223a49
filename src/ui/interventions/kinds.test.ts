// Every intervention the form offers builds an action the engine accepts and can simulate.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, validateScenario, type Scenario } from '../../engine';
import { describeAction } from './describe';
import { INTERVENTIONS, numberProblem, valueOf } from './kinds';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('INTERVENTIONS', () => {
  for (const preset of PRESETS) {
    it(`builds valid actions for the parties of "${preset.id}"`, () => {
      const trace = simulate(preset.scenario);
      for (const kind of INTERVENTIONS) {
        const values: Record<string, string> = {};
        for (const field of kind.fields) values[field.name] = valueOf(field, trace.parties, { ...values });
        const action = { ...kind.build(values), atMs: 50 };
        const scenario: Scenario = { ...preset.scenario, actions: [...preset.scenario.actions, action] as never };
        const checked = validateScenario(scenario);
        expect(checked.ok, `${kind.id}: ${JSON.stringify(checked)}`).toBe(true);
        if (checked.ok) expect(() => simulate(checked.scenario)).not.toThrow();
        expect(describeAction(action as never)).not.toBe('');
      }
    });
  }

  it('picks sensible parties: a client to a store for a delay, a client and the lock service for a cut', () => {
    const trace = simulate(PRESETS[0]!.scenario);
    const delay = INTERVENTIONS.find((k) => k.id === 'delay')!;
    const from = valueOf(delay.fields[0]!, trace.parties, {});
    expect(from).toBe('Client1');
    expect(valueOf(delay.fields[1]!, trace.parties, { from })).toBe('Storage');
    const cut = INTERVENTIONS.find((k) => k.id === 'partition')!;
    expect(valueOf(cut.fields[1]!, trace.parties, { a: 'Client1' })).toBe('LockService');
  });

  it('explains a bad number', () => {
    const ms = { name: 'x', label: 'x', kind: 'ms' as const, initial: '' };
    const optional = { ...ms, kind: 'optionalMs' as const };
    expect(numberProblem(ms, '12')).toBeNull();
    expect(numberProblem(ms, 'abc')).toMatch(/whole number/);
    expect(numberProblem(ms, '-3')).toMatch(/0 ms or more/);
    expect(numberProblem(optional, '')).toBeNull();
    expect(numberProblem(optional, '0')).toMatch(/at least 1/);
    expect(numberProblem(optional, 'abc')).toMatch(/whole number/);
  });

  it('asks for a value to write', () => {
    const value = { name: 'value', label: 'Value', kind: 'text' as const, initial: 'Z' };
    expect(numberProblem(value, '')).toMatch(/value to write/);
    expect(numberProblem(value, '  ')).toMatch(/value to write/);
    expect(numberProblem(value, 'Z')).toBeNull();
  });
});
