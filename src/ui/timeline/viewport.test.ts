// The window moves the user makes with the buttons (zoom, fit) and the one the timeline makes for
// them (following the cursor) keep the window inside the trace and the cursor in view. The
// gestures' windows are d3-zoom's: zoomMapping.test.ts.

import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../../engine';
import {
  MIN_SPAN_MS,
  clampWindow,
  firstView,
  fitWindow,
  followCursor,
  isFit,
  viewAfter,
  viewZoomed,
  zoomCentred,
  zoomWindow,
} from './viewport';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const trace = simulate(findPreset('canonical-race')!.scenario);
const fit = fitWindow(trace);

describe('viewport', () => {
  it('fits the whole trace with a margin at both ends', () => {
    expect(fit.startMs).toBeLessThan(0);
    expect(fit.endMs).toBeGreaterThan(trace.endMs);
    expect(isFit(fit, fitWindow(trace))).toBe(true);
  });

  it('zooms about a time, keeping it at the same place on screen, and never past the limits', () => {
    const zoomed = zoomWindow(fit, 4, 1300, fit);
    expect(zoomed.endMs - zoomed.startMs).toBeCloseTo((fit.endMs - fit.startMs) / 4);
    const ratio = (w: typeof fit) => (1300 - w.startMs) / (w.endMs - w.startMs);
    expect(ratio(zoomed)).toBeCloseTo(ratio(fit));
    expect(zoomWindow(fit, 0.25, 1300, fit)).toEqual(fit);
    const deepest = zoomWindow(fit, 1e9, 1300, fit);
    expect(deepest.endMs - deepest.startMs).toBeCloseTo(MIN_SPAN_MS);
  });

  it('the zoom buttons centre the cursor, so t6 stays in view when zooming in at t5', () => {
    const t5 = trace.steps.find((s) => s.label === 't5')!.timeMs;
    const t6 = trace.steps.find((s) => s.label === 't6')!.timeMs;
    let window = fit;
    for (let i = 0; i < 4; i++) {
      window = zoomCentred(window, 2, t5, fit);
      expect(t6).toBeLessThanOrEqual(window.endMs);
      expect(t5).toBeGreaterThanOrEqual(window.startMs);
    }
    expect((window.startMs + window.endMs) / 2).toBeCloseTo(t5);
    // Near the start the window stops at the trace's edge instead of centring.
    expect(zoomCentred(fit, 4, 0, fit).startMs).toBe(fit.startMs);
    expect(zoomCentred(fit, 0.5, t5, fit)).toEqual(fit);
  });

  it('keeps a window inside the trace', () => {
    expect(clampWindow({ startMs: -5000, endMs: -4000 }, fit)).toEqual({
      startMs: fit.startMs,
      endMs: fit.startMs + 1000,
    });
    expect(clampWindow({ startMs: 0, endMs: 1e9 }, fit)).toEqual(fit);
  });

  it('follows the cursor only when it leaves the window, paging forward and back', () => {
    const window = { startMs: 1000, endMs: 1500 };
    expect(followCursor(window, 1200, fit)).toBe(window);
    const forward = followCursor(window, 2600, fit);
    expect(forward.endMs - forward.startMs).toBeCloseTo(500);
    expect(2600).toBeGreaterThan(forward.startMs);
    expect(2600).toBeLessThan(forward.endMs);
    const back = followCursor(window, 100, fit);
    expect(100).toBeGreaterThan(back.startMs);
    expect(100).toBeLessThan(back.endMs);
  });
});

describe("a lesson part's focus (firstView, viewAfter, viewZoomed)", () => {
  // The slow clock's part asks for t2 to t6 (about 1,005 to 2,606 ms), with room each side.
  const focus = { startMs: 900, endMs: 2700 };
  const at = (label: string) => trace.steps.findIndex((s) => s.label === label);
  const msAt = (i: number) => trace.steps[i]!.timeMs;

  it('opens on the focus with the cursor in it, and on the whole run without one', () => {
    const t3 = at('t3');
    expect(firstView(trace, t3, msAt(t3), fit, focus).window).toEqual(focus);
    expect(firstView(trace, t3, msAt(t3), fit, null).window).toBe(fit);
  });

  it('follows a run playing up to the focus from its start, then shows the focus whole', () => {
    let view = firstView(trace, 0, msAt(0), fit, focus);
    // At 0 ms the cursor is before the focus: the window pages back to show it.
    expect(view.window.startMs).toBeLessThanOrEqual(msAt(0));
    view = viewAfter(view, trace, at('t2'), msAt(at('t2')), fit, focus);
    expect(view.window).toEqual(focus);
  });

  it('stops taking the focus once the user zooms or pans, until a new focus is asked for', () => {
    const t3 = at('t3');
    let view = firstView(trace, t3, msAt(t3), fit, focus);
    const mine = { startMs: 1100, endMs: 1400 };
    view = viewZoomed(view, mine);
    expect(view.held).toBe(false);
    view = viewAfter(view, trace, t3 + 1, msAt(t3 + 1), fit, focus);
    expect(view.window).toEqual(mine); // the user's zoom, not the focus again
    const next = { startMs: 1000, endMs: 2500 };
    view = viewAfter(view, trace, t3 + 1, msAt(t3 + 1), fit, next);
    expect(view.window).toEqual(next);
    expect(view.held).toBe(true);
  });

  it('opens the next part without a focus on the whole run, and changes nothing when nothing changed', () => {
    const t3 = at('t3');
    const view = firstView(trace, t3, msAt(t3), fit, focus);
    expect(viewAfter(view, trace, t3, msAt(t3), fit, { ...focus })).toBe(view);
    expect(viewZoomed(view, { ...view.window })).toBe(view);
    expect(viewAfter(view, trace, t3, msAt(t3), fit, null).window).toBe(fit);
  });

  it("keeps the user's zoom across a new run, unless they were looking at the whole run", () => {
    const t3 = at('t3');
    const other = simulate({ ...findPreset('canonical-race')!.scenario, seed: 8 });
    const otherFit = fitWindow(other);
    const zoomed = viewZoomed(firstView(trace, t3, msAt(t3), fit), { startMs: 1100, endMs: 1400 });
    expect(viewAfter(zoomed, other, t3, other.steps[t3]!.timeMs, otherFit).window).toEqual({
      startMs: 1100,
      endMs: 1400,
    });
    const whole = firstView(trace, t3, msAt(t3), fit);
    expect(viewAfter(whole, other, t3, other.steps[t3]!.timeMs, otherFit).window).toBe(otherFit);
  });
});
