// @vitest-environment jsdom
// The verdict panel as a user reads it: plain names for broken invariants, and tokens said for
// what they are (none at all, random values, or numbers in or out of order).
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, findPreset, formatVerdict } from '../../engine';
import { compareStrategies } from '../../engine/surfaces/comparison';
import { createLabStore } from '../store/labStore';
import { renderInLab, unmountAll } from '../testing/renderInLab';
import { Verdict } from './Verdict';
import { INVARIANT_WORDS, headlineOf, tokensFact, verdictHeadline } from './verdictWords';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { ALL_CODE } from '../store/code/allCode';

const { simulate } = createSimulator(ALL_MODELS);

function verdictOf(presetId: string): HTMLElement {
  const store = createLabStore(findPreset(presetId)!.scenario, { code: ALL_CODE });
  const container = renderInLab(store, <Verdict />);
  return container;
}

describe('the verdict panel', () => {
  it('names every broken invariant in words, never by its id', () => {
    for (const id of ['redlock-clock-jump', 'redlock-restart']) {
      const text = verdictOf(id).textContent!;
      expect(text).toContain('the rule One holder at a time broke:');
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
    // A long run's 482 tokens do not push the controls off the screen (issue 11).
    const many = Array.from({ length: 482 }, (_, i) => 33 + i);
    expect(tokensFact({ tokensIssued: many, tokensMonotonic: true })).toBe(
      'Tokens issued: 33 … 514: 482 tokens (strictly increasing)',
    );
  });

  it('warns, not ticks, when the fence also refused the current holder (a check with no token to order)', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    store.getState().setKnob('tokenSource', 'none');
    const panel = renderInLab(store, <Verdict />);
    expect(panel.querySelector('.verdict')!.className).toContain('warn');
    expect(panel.textContent).toContain(
      "No stale write got in, but the store also refused the current holder's write (Client2 at Storage).",
    );
    expect(panel.textContent).toContain('Writes refused from the current holder: 1 first at step');
    expect(panel.textContent).not.toContain('✓');
  });

  it('says a stale journal edit too few nodes logged took no effect, as a warning, not a breach', () => {
    const store = createLabStore(findPreset('qjm-missed-epoch')!.scenario, { code: ALL_CODE });
    expect(store.getState().trace.verdict.staleWriteAccepted).not.toBeNull();
    const panel = renderInLab(store, <Verdict />);
    expect(panel.querySelector('.verdict')!.className).toContain('warn');
    expect(panel.textContent).toContain(
      "No stale write took effect: a stale holder's edit was logged on JN3 only, 1 of 2 acks needed, never committed (Client1).",
    );
    expect(panel.textContent).not.toContain("A stale holder's write got in");
  });

  it('leads with the stale write when one got in without breaking an invariant', () => {
    expect(
      verdictHeadline({
        ok: true,
        violations: [],
        staleWriteAccepted: { step: 9, client: 'Client1', resource: 'Storage', token: 33 },
        rightfulWriteRejected: null,
      }),
    ).toEqual({
      tone: 'broken',
      glyph: '✕',
      text: "A stale holder's write got in (Client1 at Storage).",
    });
    const canonical = simulate(findPreset('canonical-race')!.scenario).verdict;
    expect(verdictHeadline(canonical).tone).toBe('ok');
    expect(canonical.rightfulWritesRejected).toBe(0);
  });

  it('calls a run cut short by its event budget neither safe nor broken, and says where it stopped', () => {
    const race = findPreset('canonical-race')!.scenario;
    const jam = { ...race, strategy: 'zookeeper', knobs: { leaseTtlMs: 30 }, durationMs: 100_000_000 };
    const trace = simulate(jam, { eventBudget: 3000 });
    expect(verdictHeadline(trace.verdict)).toEqual({
      tone: 'warn',
      glyph: '⚠',
      text: `Cut short at ${trace.endMs.toLocaleString('en-US')} ms: no verdict beyond that point.`,
    });
    const store = createLabStore(race, { code: ALL_CODE }); // the jam itself would take its whole budget here
    store.setState({ trace, scenario: trace.scenario });
    const panel = renderInLab(store, <Verdict />);
    expect(panel.querySelector('[data-testid="verdict"]')!.textContent).toContain('Cut short at');
    expect(panel.querySelector('[data-testid="verdict-cut-short"]')!.textContent).toMatch(
      /^Cut short after 3,000 events at [\d,]+ ms, of the 100,000,000 ms the run was to last: no verdict beyond that point\./,
    );
    expect(panel.textContent).not.toContain('step limit');
    unmountAll();
  });

  it('says a stale write refused by comparing two random values was refused by chance, wherever the verdict is told', () => {
    // Redlock's random values compared as if ordered: with seed 1 the zombie's value sorts lower.
    const race = findPreset('redlock-race')!.scenario;
    const lucky = { ...race, seed: 1, knobs: { ...race.knobs, check: 'reject-le' as const } };
    const trace = simulate(lucky);
    const chance =
      /^Client1's stale write Y was refused only because its random value, [0-9a-f]{8}, happened to sort lower than [0-9a-f]{8}: chance, not an order\.$/;
    const headline = headlineOf(trace).text;
    expect(headline).toMatch(
      /^\d safety rules? \(invariants?\) broken\. Client1's stale write Y was refused only because/,
    );
    expect(headline.slice(headline.indexOf('Client1'))).toMatch(chance);
    expect(formatVerdict(trace).filter((line) => chance.test(line))).toHaveLength(1);
    const row = compareStrategies(lucky, createSimulator(ALL_MODELS)).find((r) => r.strategy === 'redlock')!;
    expect(row.reason).toContain('happened to sort lower than');
    // A run whose tokens compared were ordered numbers says nothing of chance.
    const fenced = simulate(findPreset('canonical-race')!.scenario);
    expect(headlineOf(fenced).text).not.toContain('chance');
    expect(formatVerdict(fenced).join(' ')).not.toContain('chance');
    // Where nothing else broke, the refusal by chance is a warning, never "all held".
    const safe = { ...trace.verdict, ok: true, violations: [] };
    expect(verdictHeadline(safe, null, 'By chance.')).toEqual({
      tone: 'warn',
      glyph: '⚠',
      text: 'No stale write got in, but only by chance. By chance.',
    });
  });
});
