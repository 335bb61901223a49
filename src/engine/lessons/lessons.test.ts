// The shipped walkthrough: it resolves step by step against the engine, its questions are posed
// from the runs, and the facts its words claim are what the runs show.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, type ResolvedStep } from '../index';
import { LESSONS, validateLesson } from '../surfaces/lessons';
import { ALL_MODELS } from '../models/all';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

const walkthrough = (() => {
  const result = validateLesson(LESSONS[0], simulator);
  if (!result.ok) throw new Error(result.error);
  return result;
})();

const step = (chapter: string, id: string): ResolvedStep => {
  const c = walkthrough.lesson.chapters.findIndex((ch) => ch.id === chapter);
  const s = walkthrough.chapters[c]?.find((st) => st.id === id);
  if (!s) throw new Error(`no step ${chapter}/${id}`);
  return s;
};
const answerOf = (s: ResolvedStep) => s.question!.choices[s.question!.answer];

describe('the fencing-token walkthrough', () => {
  it('resolves every step of every chapter, in the order of the article', () => {
    expect(walkthrough.lesson.chapters.map((c) => c.id)).toEqual([
      'held-is-not-enforced',
      'issue-carry-compare',
      'the-race',
      'order-at-the-store',
      'real-systems',
      'alternatives',
      'pitfalls',
      'can-you-break-it',
      'comparison',
      'why-it-matters',
    ]);
    for (const chapter of walkthrough.chapters)
      for (const s of chapter) {
        expect(s.waitAt).toBeLessThanOrEqual(s.target);
        if (s.question) expect(s.waitAt).toBe(s.target - 1);
      }
  });

  it('asks its questions with the answers the runs give', () => {
    expect(answerOf(step('held-is-not-enforced', 'lapsed'))).toBe('Client2');
    expect(answerOf(step('held-is-not-enforced', 'split-brain'))).toBe('Two');
    expect(answerOf(step('held-is-not-enforced', 'zombie-writes'))).toMatch(/^Accepted/);
    expect(answerOf(step('the-race', 't3'))).toBe('Client2');
    expect(answerOf(step('can-you-break-it', 'break-the-lease'))).toMatch(/^One pause of Client1 .* 1,286 ms$/);
    expect(answerOf(step('can-you-break-it', 'break-fencing'))).toMatch(/^No: none of the 37,951 schedules/);
    expect(answerOf(step('the-race', 't4'))).toMatch(/^Accepted/);
    expect(answerOf(step('the-race', 't6'))).toMatch(/^Refused/);
    expect(answerOf(step('issue-carry-compare', 'compare'))).toBe('34');
    expect(answerOf(step('order-at-the-store', 'arrives-last'))).toMatch(/^Refused/);
    expect(answerOf(step('order-at-the-store', 'arrives-first'))).toMatch(/^Accepted/);
    expect(answerOf(step('order-at-the-store', 'then-dead'))).toMatch(/^Refused/);
    expect(answerOf(step('real-systems', 'etcd'))).toBe('35');
    expect(answerOf(step('alternatives', 'redlock'))).toMatch(/^Accepted/);
    expect(answerOf(step('pitfalls', 'random-token'))).toMatch(/^No: the values are random/);
    expect(answerOf(step('pitfalls', 'less-than'))).toMatch(/^Accepted/);
  });

  it('says of each run what the run shows', () => {
    // "Client2's token is 36": ZooKeeper's czxid skips numbers, and is still higher.
    const zk = step('real-systems', 'zookeeper');
    expect(simulate(zk.scenario).steps[zk.target]!.token).toBe(36);
    // The counter that resets hands out 33 again after the restart.
    const reset = step('real-systems', 'why-a-log');
    expect(simulate(reset.scenario).steps[reset.target]!.token).toBe(33);
    // "the zombie's random value happens to be the larger one here, so it gets in".
    const random = step('pitfalls', 'random-token');
    expect(simulate(random.scenario).steps[random.target]!.write).toMatchObject({
      client: 'Client1',
      verdict: 'accepted',
    });
    // Unchanged presets keep their ids, so "try it yourself" can link to them by name.
    expect(step('the-race', 't0').presetId).toBe('canonical-race');
    expect(step('held-is-not-enforced', 'slow-call').presetId).toBeNull();
    expect(findPreset('canonical-race')).toBeDefined();
  });
});

describe('validateLesson', () => {
  const base = () => JSON.parse(JSON.stringify(LESSONS[0]));

  it('names the field and the problem, and never throws', () => {
    type Raw = { chapters: { steps: Record<string, unknown>[] }[] } & Record<string, unknown>;
    const cases: [(l: Raw) => unknown, RegExp][] = [
      [(l) => ({ ...l, format: 'x' }), /^format: expected "fencelab.lesson"/],
      [
        (l) => ((l.chapters[0]!.steps[0]!.at = 'nope'), l),
        /^chapters\[0\]\.steps\[0\]\.at: the run has no step labelled "nope"/,
      ],
      [
        (l) => ((l.chapters[0]!.steps[0]!.run = { preset: 'nope' }), l),
        /^chapters\[0\]\.steps\[0\]\.run\.preset: there is no preset "nope"/,
      ],
      [
        (l) => ((l.chapters[1]!.steps[0]!.ask = { kind: 'write', why: 'x' }), l),
        /^chapters\[1\]\.steps\[0\]\.ask: this question does not fit the step/,
      ],
      [(l) => ((l.chapters[0]!.steps[0]!.extra = 1), l), /^chapters\[0\]\.steps\[0\]\.extra: unknown field/],
      [
        (l) => ((l.chapters[0]!.steps[1]!.id = 'granted'), l),
        /^chapters\[0\]\.steps\[1\]\.id: another step of this chapter is also called "granted"/,
      ],
      [
        (l) => ((l.chapters[0]!.steps[0]!.focus = ['t0', 'nope']), l),
        /^chapters\[0\]\.steps\[0\]\.focus\[1\]: the run has no step labelled "nope"/,
      ],
      [
        (l) => ((l.chapters[0]!.steps[0]!.focus = ['t4', 't0']), l),
        /^chapters\[0\]\.steps\[0\]\.focus: "t0" \(5 ms\) comes before "t4" \(1307 ms\): name the earlier first/,
      ],
      [
        (l) => ((l.chapters[0]!.steps[0]!.focus = ['t0']), l),
        /^chapters\[0\]\.steps\[0\]\.focus: expected a list of 2/,
      ],
      [() => 'not a lesson', /expected an object/],
      [() => null, /expected an object/],
    ];
    for (const [mutate, message] of cases) {
      const result = validateLesson(mutate(base()), simulator);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
    }
  });

  it('opens a part with a focus on the time between its two labels, with room either side, and one without on the whole run', () => {
    const result = validateLesson(LESSONS[0], simulator);
    if (!result.ok) throw new Error(result.error);
    const steps = result.chapters[0]!;
    const slowClock = steps.find((s) => s.id === 'slow-clock')!;
    // t2 (the lease's end, 1002 ms) to t6 (the zombie's write, 1082 ms): 80 ms, and 40 % of it
    // (32 ms) either side, of a run of 2002 ms.
    expect(slowClock.focusMs).toEqual({ startMs: 970, endMs: 1114 });
    expect(steps.find((s) => s.id === 'granted')!.focusMs).toBeNull();
  });
});
