// The max_seen chart's shapes, computed without a browser.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, validateScenario } from '../../engine';
import { layoutMaxSeen, maxSeenSeries } from './maxSeenLayout';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const size = { width: 600, height: 150, margin: { top: 10, right: 10, bottom: 20, left: 40 } };
const traceOf = (id: string) => simulate(findPreset(id)!.scenario);

describe('layoutMaxSeen', () => {
  it('draws the canonical race: max_seen steps from 32 to 34, the reject sits below the line', () => {
    const trace = traceOf('canonical-race');
    const layout = layoutMaxSeen(trace, size);
    expect(layout.empty).toBeNull();
    expect(layout.series).toHaveLength(1);
    expect(layout.series[0]).toMatchObject({ resource: 'Storage', last: 34 });
    expect(layout.series[0]!.path).toMatch(/^M/);
    const accept = layout.marks.find((m) => m.verdict === 'accepted')!;
    const reject = layout.marks.find((m) => m.verdict === 'rejected')!;
    expect(accept.text).toContain('34 > 32 -> ACCEPT');
    expect(reject.text).toContain('33 <= 34 -> REJECT');
    // SVG y grows downwards: a smaller token is drawn lower, i.e. below the max_seen line.
    expect(reject.y).toBeGreaterThan(accept.y);
    expect(reject.x).toBeGreaterThan(accept.x);
    expect(layout.yTicks.map((t) => t.text)).toEqual(expect.arrayContaining(['32', '34']));
  });

  it('keeps every shape inside the chart', () => {
    const layout = layoutMaxSeen(traceOf('pitfall-counter-reset'), size);
    for (const m of layout.marks) {
      expect(m.x).toBeGreaterThanOrEqual(size.margin.left);
      expect(m.x).toBeLessThanOrEqual(size.width - size.margin.right);
      expect(m.y).toBeGreaterThanOrEqual(size.margin.top);
      expect(m.y).toBeLessThanOrEqual(size.height - size.margin.bottom);
    }
    for (const t of layout.xTicks) expect(t.x).toBeLessThanOrEqual(size.width - 24);
  });

  it('moves the plot right of wide y labels, so seven-digit wall-clock tokens are not cut off', () => {
    const layout = layoutMaxSeen(traceOf('pitfall-wall-clock'), size);
    const widest = Math.max(...layout.yTicks.map((t) => t.text.length));
    expect(layout.yTicks.every((t) => /^\d{1,3}(,\d{3})*$/.test(t.text))).toBe(true);
    expect(widest).toBeGreaterThanOrEqual(7);
    // The label ends 6 px left of the plot and must start inside the chart.
    expect(layout.left - 6 - widest * 7.2).toBeGreaterThanOrEqual(0);
    for (const m of layout.marks) expect(m.x).toBeGreaterThanOrEqual(layout.left);
    expect(layoutMaxSeen(traceOf('canonical-race'), size).left).toBe(size.margin.left);
  });

  it('scales the y axis to the wall-clock tokens, so the zombie token above the newer one shows', () => {
    const layout = layoutMaxSeen(traceOf('pitfall-wall-clock'), size);
    expect(layout.below).toBe(32); // the start is drawn along the bottom edge instead
    expect(Math.min(...layout.yTicks.map((t) => Number(t.text.replace(/,/g, ''))))).toBeGreaterThan(990_000);
    const [newer, zombie] = layout.marks; // Client2's 999,202, then the zombie's 1,000,005
    expect(zombie!.y).toBeLessThan(newer!.y - 20); // visibly higher, not one flat line
    for (const m of layout.marks) expect(m.y).toBeLessThanOrEqual(size.height - size.margin.bottom);
    // Where the start is near the tokens, the axis still includes it.
    expect(layoutMaxSeen(traceOf('canonical-race'), size).below).toBeNull();
  });

  it('says why nothing is drawn when the store checks nothing or tokens are not numbers', () => {
    expect(layoutMaxSeen(traceOf('lease-trust-race'), size).empty).toMatch(/No resource checks tokens/);
    expect(layoutMaxSeen(traceOf('pitfall-uuid'), size).empty).toMatch(/not numbers/);
  });

  it("draws the store's current token under the equal check, and never says nothing checks tokens", () => {
    const race = findPreset('canonical-race')!.scenario;
    const checked = validateScenario({ ...race, knobs: { ...race.knobs, check: 'equal' } });
    if (!checked.ok) throw new Error(checked.error.message);
    const trace = simulate(checked.scenario);
    const data = maxSeenSeries(trace);
    expect(data.field).toBe('currentToken');
    const layout = layoutMaxSeen(trace, size, data);
    expect(layout.empty).toBeNull();
    // Client2's takeover gives the store 34; the zombie's 33 is refused below that line.
    expect(layout.series[0]).toMatchObject({ resource: 'Storage', last: 34 });
    const reject = layout.marks.find((m) => m.verdict === 'rejected')!;
    expect(reject.text).toMatch(/Client1/);
    // Random tokens under equality: what the store does, and why it is not drawn.
    const flink = layoutMaxSeen(traceOf('flink-leader-session'), size).empty!;
    expect(flink).not.toMatch(/No resource checks tokens/);
    expect(flink).toMatch(/current holder's exact token.*when the lock changes hands.*not numbers/);
  });

  it('thins thousands of writes to at most one mark per pixel, verdict and resource', () => {
    const actions = [];
    for (let i = 0; i < 600; i++) {
      const client = `Client${(i % 3) + 1}`;
      actions.push({ atMs: i * 50, type: 'acquire', client }, { atMs: i * 50 + 10, type: 'write', client, value: 'v' });
      actions.push({ atMs: i * 50 + 30, type: 'release', client });
    }
    const checked = validateScenario({ ...findPreset('canonical-race')!.scenario, clients: 3, actions, labels: [] });
    if (!checked.ok) throw new Error(checked.error.message);
    const trace = simulate(checked.scenario);
    const data = maxSeenSeries(trace);
    expect(data.writes.length).toBeGreaterThan(500);
    const layout = layoutMaxSeen(trace, { ...size, width: 200 }, data);
    expect(layout.marks.length).toBeLessThan(data.writes.length);
    const keys = layout.marks.map((m) => `${Math.round(m.x)}:${Math.round(m.y)}:${m.verdict}:${m.resource}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('turns a click back into the time drawn under it, through the scale the shapes used', () => {
    const trace = traceOf('canonical-race');
    const layout = layoutMaxSeen(trace, size);
    const reject = layout.marks.find((m) => m.verdict === 'rejected')!;
    const t6 = trace.steps[reject.step]!.timeMs;
    expect(layout.x.invert(reject.x)).toBeCloseTo(t6);
    expect(layout.x.invert(layout.left)).toBeCloseTo(0);
    expect(layout.x.invert(size.width - size.margin.right)).toBeCloseTo(trace.steps.at(-1)!.timeMs);
  });

  it('ends the y axis on round values (D3 nice) around the tokens', () => {
    const layout = layoutMaxSeen(traceOf('canonical-race'), size);
    const values = layout.yTicks.map((t) => Number(t.text.replace(/,/g, '')));
    expect(values.length).toBeGreaterThanOrEqual(2);
    // The axis runs from the lowest tick at the bottom edge to the highest at the top edge.
    expect(layout.yTicks[0]!.y).toBeCloseTo(size.height - size.margin.bottom);
    expect(layout.yTicks.at(-1)!.y).toBeCloseTo(size.margin.top);
  });
});
