// @vitest-environment jsdom
// The verdict panel as a user reads it: plain names for broken invariants, and tokens said for
// what they are (none at all, random values, or numbers in or out of order).
import { describe, expect, it } from 'vitest';
import { PRESETS, findPreset, simulate } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab, unmountAll } from '../testing/renderInLab';
import { Verdict } from './Verdict';
import { INVARIANT_WORDS, tokensFact } from './verdictWords';

function verdictOf(presetId: string): HTMLElement {
  const store = createLabStore(findPreset(presetId)!.scenario);
  const container = renderInLab(store, <Verdict />);
  return container;
}

describe('the verdict panel', () => {
  it('names every broken invariant in words, never by its id', () => {
    for (const id of ['redlock-clock-jump', 'redlock-restart']) {
      const text = verdictOf(id).textContent!;
      expect(text).toContain('One holder at a time broke:');
      expect(text).not.toMatch(/one-grant-at-a-time|[a-z]+-[a-z]+-[a-z]+ broke/);
      unmountAll();
    }
    for (const preset of PRESETS) {
      for (const v of simulate(preset.scenario).verdict.violations) {
        expect(INVARIANT_WORDS[v.invariant], `${preset.id}: ${v.invariant}`).toMatch(/^[A-Za-z_]/);
      }
    }
  });

  it('says plainly that a plain lease issues no token', () => {
    const text = verdictOf('lease-trust-race').textContent!;
    expect(text).toContain(
      'Tokens issued: none. The lock was granted as 2 plain leases, which carry no token for a store to check.',
    );
    expect(text).not.toContain('none, none');
    expect(text).not.toContain('not strictly increasing');
  });

  it('tells random values, ordered tokens and tokens out of order apart', () => {
    expect(verdictOf('redlock-race').textContent).toContain(
      'Tokens issued: dd7a05dd, 831cc043 (random values: unique, but in no order)',
    );
    unmountAll();
    expect(verdictOf('canonical-race').textContent).toContain('Tokens issued: 33, 34 (strictly increasing)');
    expect(tokensFact({ tokensIssued: [33, 34, 33], tokensMonotonic: false })).toBe(
      'Tokens issued: 33, 34, 33 (not strictly increasing)',
    );
    expect(tokensFact({ tokensIssued: [], tokensMonotonic: false })).toBe(
      'Tokens issued: none, as the lock was never granted.',
    );
  });
});
