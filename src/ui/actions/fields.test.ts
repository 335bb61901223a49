// Every kind of action the form offers builds an action the engine accepts and can simulate.
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, PRESETS, createSimulator, describeAction, validateScenario, type Scenario } from '../../engine';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { ACTION_MENU, newAction, newActionFields, numberProblem, valueOf } from './fields';

const { simulate } = createSimulator(ALL_MODELS);

describe('the form to add an action', () => {
  it('offers every kind of action once, opening on a pause', () => {
    expect([...ACTION_MENU].sort()).toEqual([...ACTION_TYPES].sort());
    expect(ACTION_MENU[0]).toBe('pause');
  });

  for (const preset of PRESETS) {
    it(`builds valid actions for the parties of "${preset.id}"`, () => {
      const trace = simulate(preset.scenario);
      for (const type of ACTION_MENU) {
        const values: Record<string, string> = {};
        for (const field of newActionFields(type)) values[field.name] = valueOf(field, trace.parties, { ...values });
        const action = { ...newAction(type, values), atMs: 50 };
        const scenario: Scenario = { ...preset.scenario, actions: [...preset.scenario.actions, action] as never };
        const checked = validateScenario(scenario);
        expect(checked.ok, `${type}: ${JSON.stringify(checked)}`).toBe(true);
        if (checked.ok) expect(() => simulate(checked.scenario)).not.toThrow();
        expect(describeAction(action)).not.toBe('');
      }
    });
  }

  it('builds what the fields say, leaving out an optional length left empty', () => {
    expect(newAction('pause', { client: 'Client2', durationMs: '2000' })).toEqual({
      type: 'pause',
      client: 'Client2',
      durationMs: 2000,
    });
    expect(newAction('pause', { client: 'Client2', durationMs: ' ' })).toEqual({ type: 'pause', client: 'Client2' });
    expect(newAction('delay', { from: 'Client1', to: 'Storage', extraMs: '1500' })).toEqual({
      type: 'delay',
      from: 'Client1',
      to: 'Storage',
      extraMs: 1500,
    });
    expect(newAction('expireLease', {})).toEqual({ type: 'expireLease' });
  });

  it('picks sensible parties: a client to a store for a delay, a client and the lock service for a cut', () => {
    const trace = simulate(PRESETS[0]!.scenario);
    const delay = newActionFields('delay');
    const from = valueOf(delay[0]!, trace.parties, {});
    expect(from).toBe('Client1');
    expect(valueOf(delay[1]!, trace.parties, { from })).toBe('Storage');
    const cut = newActionFields('partition');
    expect(valueOf(cut[1]!, trace.parties, { a: 'Client1' })).toBe('LockService');
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
