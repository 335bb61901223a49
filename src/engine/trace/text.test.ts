// The CLI's verdict lines (formatVerdict): what an engineer reads under the trace.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, formatTraceText, formatVerdict } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const verdictOf = (preset: string) => formatVerdict(simulate(findPreset(preset)!.scenario));

describe('formatVerdict', () => {
  it('says why a stale write got in while every invariant held (the zombie wrote first)', () => {
    // Found by an engineer: "Stale write accepted: yes" over "Invariants: all held" read as a
    // contradiction. Both are true: the zombie's write reached the store before the new holder's.
    const lines = verdictOf('pitfall-early-zombie');
    expect(lines).toContain('Stale write accepted: yes, at step 11 (Client1 at Storage)');
    expect(lines.at(-1)).toBe(
      "Invariants: all held. Yet a stale write got in: it reached Storage before any write of a newer holder's had, so it overwrote nothing newer, but it was written by a client that no longer held the lock.",
    );
  });

  it('says only that the invariants held where no stale write got in, and names what broke where one did', () => {
    const fenced = verdictOf('canonical-race');
    expect(fenced).toContain('Stale write accepted: no (1 stale write rejected)');
    expect(fenced.at(-1)).toBe('Invariants: all held');
    const unfenced = verdictOf('lease-trust-race');
    expect(unfenced.some((line) => line.startsWith('Invariants'))).toBe(false);
    expect(unfenced.some((line) => /^Broken at step \d+ \[accepted-writes-in-grant-order\]/.test(line))).toBe(true);
  });
});

describe('formatTraceText', () => {
  it('writes a trace of 300,000 steps, a line each, without running out of stack', () => {
    const race = simulate(findPreset('canonical-race')!.scenario);
    const step = race.steps.find((s) => s.write?.verdict === 'rejected')!;
    const steps = Array.from({ length: 300_000 }, (_, index) => ({ ...step, index }));
    const text = formatTraceText({ ...race, steps });
    expect(text.split('\n').filter((l) => l.includes('REJECT'))).toHaveLength(300_000);
  });
});
