// @vitest-environment jsdom
// A changed verdict, as a screen reader hears it: said once, politely, when a change to the run
// changes it (a strategy switch, an added action); never on a cursor step; never while the future
// is hidden; and the narration keeps quiet for that change, so one change is one announcement.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore, type LabStore } from '../store/labStore';
import { renderInLab } from '../testing/renderInLab';
import { Narration } from './Narration';
import { Verdict } from './Verdict';
import { ALL_CODE } from '../store/code/allCode';

function lab(): { store: LabStore; news: () => string; narrationLive: () => string | null } {
  const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
  const page = renderInLab(
    store,
    <>
      <Narration verdictSpeaks />
      <Verdict />
    </>,
  );
  const region = page.querySelector('[data-testid="verdict-news"]')!;
  expect(region.getAttribute('aria-live')).toBe('polite');
  return {
    store,
    news: () => region.textContent ?? '',
    narrationLive: () => page.querySelector('[data-testid="narration"]')!.getAttribute('aria-live'),
  };
}

describe('the verdict announcement', () => {
  it('says the new verdict once when the strategy changes it, and the narration keeps quiet for it', () => {
    const { store, news, narrationLive } = lab();
    expect(news()).toBe('');
    act(() => store.getState().setStrategy('lease-trust'));
    expect(news()).toBe('The verdict for the whole run is now: 1 safety rule (invariant) broken.');
    expect(narrationLive()).toBe('off');
    // A cursor step: the narration speaks again; the verdict's words stay as they were (no news).
    const said = news();
    act(() => store.getState().step());
    expect(news()).toBe(said);
    expect(narrationLive()).toBe('polite');
    act(() => store.getState().setStrategy('fencing'));
    expect(news()).toBe(
      'The verdict for the whole run is now: Every safety rule (invariant) held; no stale write got in.',
    );
  });

  it('says nothing for a change that leaves the verdict as it was, nor for a cursor step', () => {
    const { store, news, narrationLive } = lab();
    act(() => store.getState().setSeed(7));
    expect(news()).toBe('');
    expect(narrationLive()).toBe('polite');
    act(() => store.getState().toEnd());
    expect(news()).toBe('');
  });

  it('gives nothing away while the future is hidden', () => {
    const { store, news } = lab();
    act(() => store.getState().setHideFuture(true));
    act(() => store.getState().setStrategy('lease-trust'));
    expect(news()).toBe('');
    // The end reached by the cursor shows the verdict; the narration says that step, not this region.
    act(() => store.getState().toEnd());
    expect(news()).toBe('');
  });
});
