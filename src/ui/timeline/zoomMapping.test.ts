// d3-zoom's transform and the timeline's window are one thing seen two ways: what a gesture makes
// must be the window drawn, and a window set from outside must be where the next gesture starts.
// Also the rules the gestures follow (which events zoom, how far a wheel goes), without a browser.

import { zoomIdentity } from 'd3-zoom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../../engine';
import { timeScale } from './geometry';
import { MIN_SPAN_MS, clampWindow, fitWindow, zoomCentred } from './viewport';
import {
  isPlainWheel,
  isSameTransform,
  isZoomGesture,
  scaleExtentOf,
  transformOfWindow,
  wheelZoomDelta,
  windowOfTransform,
} from './zoomMapping';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const trace = simulate(findPreset('canonical-race')!.scenario);
const fit = fitWindow(trace);
const plot = { left: 164, right: 1160, top: 40, bottom: 400 };
const frame = { fit, plot };

describe('transform <-> window', () => {
  it('shows the fit window at the identity transform, and the fit window is the identity', () => {
    const whole = windowOfTransform(zoomIdentity, frame);
    expect(whole.startMs).toBeCloseTo(fit.startMs, 9);
    expect(whole.endMs).toBeCloseTo(fit.endMs, 9);
    expect(isSameTransform(transformOfWindow(fit, frame), zoomIdentity)).toBe(true);
  });

  it('round-trips any window inside the fit window', () => {
    const spanMs = fit.endMs - fit.startMs;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: MIN_SPAN_MS / spanMs, max: 1, noNaN: true }),
        (at, share) => {
          const window = clampWindow(
            { startMs: fit.startMs + at * spanMs, endMs: fit.startMs + at * spanMs + share * spanMs },
            fit,
          );
          const back = windowOfTransform(transformOfWindow(window, frame), frame);
          expect(back.startMs).toBeCloseTo(window.startMs, 6);
          expect(back.endMs).toBeCloseTo(window.endMs, 6);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('draws a window through the transform exactly where the window’s own scale draws it', () => {
    const window = zoomCentred(fit, 8, 1306, fit);
    const t = transformOfWindow(window, frame);
    const base = timeScale(fit, plot);
    const drawn = timeScale(window, plot);
    for (const ms of [window.startMs, 1306, window.endMs]) expect(t.applyX(base(ms))).toBeCloseTo(drawn(ms), 6);
    expect(t.k).toBeCloseTo(8);
  });

  it('keeps the time under the pointer in place when d3-zoom scales about it', () => {
    const pointerX = 700;
    const before = transformOfWindow(fit, frame);
    const timeUnder = timeScale(fit, plot).invert(pointerX);
    // d3-zoom's own scaling about a point: the point stays put.
    const k = 2;
    const grabbed = before.invertX(pointerX);
    const after = zoomIdentity.translate(pointerX - grabbed * before.k * k, 0).scale(before.k * k);
    const zoomed = windowOfTransform(after, frame);
    expect(zoomed.endMs - zoomed.startMs).toBeCloseTo((fit.endMs - fit.startMs) / 2);
    expect(timeScale(zoomed, plot).invert(pointerX)).toBeCloseTo(timeUnder);
  });

  it('ignores y: time is the only axis', () => {
    const t = transformOfWindow({ startMs: 1000, endMs: 1500 }, frame);
    expect(t.y).toBe(0);
    const moved = zoomIdentity.translate(t.x, 250).scale(t.k);
    expect(windowOfTransform(moved, frame)).toEqual(windowOfTransform(t, frame));
    expect(isSameTransform(moved, t)).toBe(true);
  });

  it('lets d3-zoom scale from the fit window in to MIN_SPAN_MS across the plot', () => {
    const [min, max] = scaleExtentOf(fit);
    expect(min).toBe(1);
    const deepest = windowOfTransform(zoomIdentity.scale(max), frame);
    expect(deepest.endMs - deepest.startMs).toBeCloseTo(MIN_SPAN_MS);
    expect(scaleExtentOf({ startMs: 0, endMs: 1 })).toEqual([1, 1]);
  });
});

describe('gesture rules', () => {
  const wheel = { type: 'wheel', ctrlKey: false, metaKey: false, button: 0 };

  it('zooms on a wheel only with Ctrl or Cmd (or a trackpad pinch, a Ctrl-wheel): a plain wheel is the page’s', () => {
    expect(isZoomGesture(wheel)).toBe(false);
    expect(isPlainWheel(wheel)).toBe(true);
    expect(isZoomGesture({ ...wheel, ctrlKey: true })).toBe(true);
    expect(isZoomGesture({ ...wheel, metaKey: true })).toBe(true);
  });

  it('pans with the main button, double-clicks and touches; not with another button or a Ctrl-click', () => {
    expect(isZoomGesture({ type: 'mousedown', ctrlKey: false, metaKey: false, button: 0 })).toBe(true);
    expect(isZoomGesture({ type: 'mousedown', ctrlKey: false, metaKey: false, button: 2 })).toBe(false);
    expect(isZoomGesture({ type: 'mousedown', ctrlKey: true, metaKey: false, button: 0 })).toBe(false);
    expect(isZoomGesture({ type: 'dblclick', ctrlKey: false, metaKey: false, button: 0 })).toBe(true);
    expect(isZoomGesture({ type: 'touchstart', ctrlKey: false, metaKey: false, button: 0 })).toBe(true);
  });

  it('zooms 2x per wheel notch in every unit, away from the user in, towards out', () => {
    expect(Math.pow(2, wheelZoomDelta({ deltaY: -100, deltaMode: 0 }))).toBeCloseTo(2);
    expect(Math.pow(2, wheelZoomDelta({ deltaY: 100, deltaMode: 0 }))).toBeCloseTo(0.5);
    expect(Math.pow(2, wheelZoomDelta({ deltaY: -3, deltaMode: 1 }))).toBeCloseTo(2);
    expect(Math.pow(2, wheelZoomDelta({ deltaY: -1, deltaMode: 2 }))).toBeCloseTo(2);
  });

  it('zooms at one rate whatever the modifier: Ctrl, Cmd and a pinch alike', () => {
    const ctrlNotch = { deltaY: -100, deltaMode: 0, ctrlKey: true, metaKey: false };
    const cmdNotch = { ...ctrlNotch, ctrlKey: false, metaKey: true };
    expect(wheelZoomDelta(ctrlNotch)).toBe(wheelZoomDelta(cmdNotch));
    // A trackpad pinch is a Ctrl-wheel of small pixel deltas: the same rate per pixel.
    expect(wheelZoomDelta({ ...ctrlNotch, deltaY: -10 })).toBeCloseTo(wheelZoomDelta(cmdNotch) / 10);
  });
});
