// The fifteen-minute lesson: short enough for one class period, its questions varied and answered
// by the runs, its words plain, and each of the ten essentials shown in a run it names.
import { describe, expect, it } from 'vitest';
import { createSimulator, type ResolvedStep } from '../index';
import { findLesson, validateLesson } from '../surfaces/lessons';
import { ALL_MODELS } from '../models/all';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

const short = (() => {
  const result = validateLesson(findLesson('fencing-in-15'), simulator);
  if (!result.ok) throw new Error(result.error);
  return result;
})();
const parts = short.chapters.flat();
const part = (id: string): ResolvedStep => {
  const found = parts.find((s) => s.id === id);
  if (!found) throw new Error(`no part ${id}`);
  return found;
};
const answerOf = (id: string) => part(id).question!.choices[part(id).question!.answer];
const stepAt = (id: string) => simulate(part(id).scenario).steps[part(id).target]!;

describe('the fifteen-minute lesson', () => {
  it('fits one class period: at most 12 parts and 8 questions, and says it takes 15 minutes', () => {
    expect(parts.length).toBeLessThanOrEqual(12);
    expect(parts.filter((s) => s.question).length).toBeLessThanOrEqual(8);
    expect(short.lesson.minutes).toBe(15);
    // The full course is still there, beside it.
    expect(findLesson('fencing-tokens')).toBeDefined();
  });

  it('asks questions of several kinds, not one kind over and over', () => {
    const kinds = short.lesson.chapters.flatMap((c) => c.steps.flatMap((s) => (s.ask ? [s.ask.kind] : [])));
    expect(new Set(kinds)).toEqual(new Set(['holder', 'max-seen', 'write', 'choice']));
    expect(kinds.filter((k) => k === 'write').length).toBeLessThanOrEqual(3);
  });

  it('takes its answers from the runs, and they are the ones its words explain', () => {
    expect(answerOf('lapsed')).toBe('Client2');
    expect(answerOf('compare')).toBe('34');
    expect(answerOf('zombie-refused')).toMatch(/^Refused/);
    expect(answerOf('equal-token')).toMatch(/^Accepted/);
    expect(answerOf('wall-clock')).toMatch(/^Accepted/);
    expect(answerOf('zookeeper')).toMatch(/^It is higher than 33/);
    expect(answerOf('side-effect')).toBe('The zombie\u2019s email');
  });

  it('shows each essential in a run: what the words claim is what the run does', () => {
    // A plain lease: the zombie's write lands.
    expect(stepAt('zombie-writes').write).toMatchObject({ client: 'Client1', verdict: 'accepted' });
    // Issue, carry, compare: 33 refused once 34 has landed.
    expect(stepAt('zombie-refused').write).toMatchObject({ client: 'Client1', token: 33, verdict: 'rejected' });
    // A stale token arriving first gets in.
    expect(stepAt('arrives-first').write).toMatchObject({ client: 'Client1', token: 33, verdict: 'accepted' });
    // "<" instead of "<=": the second 33 gets in.
    expect(stepAt('equal-token').write).toMatchObject({ client: 'Client1', token: 33, verdict: 'accepted' });
    // ZooKeeper's token skips numbers: 36.
    expect(simulate(part('zookeeper').scenario).steps[part('zookeeper').target]!.token).toBe(36);
    // Redlock's random value lets the zombie in.
    expect(stepAt('redlock').write).toMatchObject({ client: 'Client1', verdict: 'accepted' });
    // The email escapes a store that refused the write.
    const email = simulate(part('side-effect').scenario);
    expect(email.steps.some((s) => s.write?.client === 'Client1' && s.write.verdict === 'rejected')).toBe(true);
    expect(stepAt('side-effect').kind).toBe('effect.sent');
    // The presets the ten essentials are shown with.
    expect(parts.map((s) => s.presetId)).toEqual([
      'lease-trust-race',
      'lease-trust-race',
      'canonical-race',
      'canonical-race',
      'pitfall-early-zombie',
      'pitfall-less-than',
      'pitfall-wall-clock',
      'zookeeper-race',
      'redlock-race',
      'lease-short',
      'pitfall-email',
      'check-then-write',
    ]);
  });

  it('speaks in plain words, and does not say the answer before the class chooses', () => {
    for (const s of parts) {
      const words = [s.say, s.question?.prompt ?? '', s.question?.why ?? ''].join(' ');
      // No code notation or party ids that are not the lanes' names.
      expect(words, s.id).not.toMatch(/->|!=|<=|>=|\(\)|LockService|Storage2|\bSET\b|\bNX\b|0x|(?<![A-Za-z])t\d\b/);
      const q = s.question;
      if (!q) continue;
      const answer = q.choices[q.answer]!;
      if (/^(Accepted|Refused)/.test(answer))
        expect(s.say.toLowerCase(), s.id).not.toContain(answer.split(':')[0]!.toLowerCase());
      else if (answer.length > 8) expect(s.say, s.id).not.toContain(answer);
    }
  });
});
