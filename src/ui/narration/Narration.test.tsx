// @vitest-environment jsdom
// The narration's comparison chip as a user sees it: a stale holder's write that got in is
// danger, with its own glyph and words, never the green tick of a normal accept.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab, unmountAll } from '../testing/renderInLab';
import { comparisonChip } from './comparison';
import { Narration } from './Narration';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { ALL_CODE } from '../store/code/allCode';

const { simulate } = createSimulator(ALL_MODELS);

/** Renders the narration of a preset at the step with one of the article's labels, and returns its comparison. */
function comparisonAt(presetId: string, label: string): HTMLElement {
  const store = createLabStore(findPreset(presetId)!.scenario, { code: ALL_CODE });
  store.getState().seek(store.getState().trace.steps.findIndex((s) => s.label === label));
  const container = renderInLab(store, <Narration />);
  return container.querySelector<HTMLElement>('[data-testid="comparison"]')!;
}

describe('the comparison chip', () => {
  it("shows a zombie's accepted write as danger, with a '!' and words, not a tick", () => {
    const chip = comparisonAt('pitfall-less-than', 't6');
    expect(chip.querySelector('code')!.textContent).toBe('33 >= 33 -> ACCEPT');
    expect(chip.className).toContain('verdict-stale-accepted');
    expect(chip.className).not.toContain('verdict-accepted ');
    expect(chip.querySelector('[aria-hidden="true"]')!.textContent).toBe('!');
    expect(chip.textContent).toContain("Accepted, but it was a stale holder's write");
    expect(chip.textContent).toContain("a stale holder's write got in");
  });

  it("says a journal node's log of a stale edit too few nodes logged is logged, not that it got in (QJM)", () => {
    const chip = comparisonAt('qjm-missed-epoch', 'local');
    expect(chip.className).toContain('verdict-stale-accepted');
    expect(chip.querySelector('[aria-hidden="true"]')!.textContent).toBe('!');
    expect(chip.textContent).toContain("Logged, but it was a stale holder's edit");
    expect(chip.querySelector('.comparison-note')!.textContent).toBe(
      "max_seen at JN3: 33 → 33 · a stale holder's edit, logged on JN3: it commits only once 2 journal nodes have logged it",
    );
    expect(chip.textContent).not.toContain('got in');
  });

  it('says a stale edit got in once enough journal nodes had logged it (QJM), and not before', () => {
    const edit = (logged: string[]) => comparisonChip({ verdict: 'accepted', stale: true }, { logged, quorum: 2 });
    expect(edit(['JN3']).note).toContain('it commits only once 2 journal nodes have logged it');
    expect(edit(['JN3', 'JN1']).note).toBe("a stale holder's write got in");
    // A write to a store with no journal is judged alone.
    expect(comparisonChip({ verdict: 'accepted', stale: true }).note).toBe("a stale holder's write got in");
  });

  it('keeps the tick for a fresh accept and the cross for a reject', () => {
    const accept = comparisonAt('canonical-race', 't4');
    expect(accept.className).toBe('comparison verdict-accepted');
    expect(accept.querySelector('[aria-hidden="true"]')!.textContent).toBe('✓');
    unmountAll();
    const reject = comparisonAt('canonical-race', 't6');
    expect(reject.className).toBe('comparison verdict-rejected');
    expect(reject.querySelector('[aria-hidden="true"]')!.textContent).toBe('✕');
    expect(reject.textContent).toContain('a stale holder was fenced off');
  });

  it('gives every stale write that got in, in every preset, the danger look', () => {
    for (const preset of PRESETS) {
      for (const step of simulate(preset.scenario).steps) {
        if (!step.write) continue;
        const tone = comparisonChip(step.write).tone;
        expect(tone, `${preset.id} step ${step.index}`).toBe(
          step.write.verdict === 'rejected' ? 'rejected' : step.write.stale ? 'stale-accepted' : 'accepted',
        );
      }
    }
  });

  it('says what max_seen did; for a store that keeps none, no max_seen line at all (the narration says so)', () => {
    const fresh = comparisonAt('canonical-race', 't4');
    expect(fresh.querySelector('.comparison-note')!.textContent).toBe('max_seen at Storage: 32 → 34');
    unmountAll();
    const unchecked = comparisonAt('blob-store-no-check', 't6');
    expect(unchecked.querySelector('code')!.textContent).toContain('ACCEPT');
    expect(unchecked.textContent).not.toContain('max_seen');
    expect(unchecked.textContent).not.toContain('—');
    // The stale write that got in is still named as such, without a separator before it.
    expect(unchecked.querySelector('.comparison-note')!.textContent).toBe("a stale holder's write got in");
  });
});
