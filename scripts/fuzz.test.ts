// Fuzzing every way data comes in, seeded and bounded: mutated scenarios through the validator
// and the simulator, mutated links through the link grammar and the lab's link decoding, mutated
// lesson, trace and recording files through their importers, and hostile messages through the
// embed's command reader and its bridge. Each input must end in a clean message (words for a
// person, short, no program insides) or a valid result; anything else is a failure, kept with its
// input. Each property has a fixed seed and number of runs, so a run is repeatable and takes a
// few seconds; the table of what each surface tried prints at the end (`npm run fuzz:report`).

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulator, findPreset, validateScenario, type Scenario } from '../src/engine';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { validateLesson } from '../src/engine/surfaces/lessons';
import {
  readEmbedHash,
  readFromLink,
  readLabLink,
  readLessonLink,
  readRecordedLink,
  viewOfLink,
} from '../src/ui/link/grammar';
import { decodeHash } from '../src/ui/store/link/url';
import { parseScenarioJson } from '../src/engine';
import { scenarioText } from '../src/ui/header/FileMenu';
import { loadRecording } from '../src/ui/recorded/load';
import { recordingToTrace } from '../src/ui/recorded/trace/toTrace';
import { readCommand } from '../src/ui/embed/commands';
import { startBridge } from '../src/ui/embed/bridge';
import { createLabStore } from '../src/ui/store/labStore';
import { ALL_CODE } from '../src/ui/store/code/allCode';
import { standInFrame } from '../src/ui/testing/standInFrame';
import {
  count,
  edits,
  isCleanMessage,
  linkEdits,
  mildEdits,
  mutate,
  mutateLink,
  tallies,
  tallyTable,
} from './fuzz/mutate';

const simulator = createSimulator(ALL_MODELS);
const race = (): Scenario => findPreset('canonical-race')!.scenario;
const SEED = 40;

afterAll(() => {
  console.log(`\nFuzzing, per surface (seed ${SEED}):\n${tallyTable()}\n`);
});

/** The failures a surface kept, for the assertion's message. */
const failuresOf = (surface: string) => tallies.get(surface)?.failures.slice(0, 5) ?? [];

const SCENARIO_BASES = ['canonical-race', 'etcd-race', 'zookeeper-session', 'redlock-clock-jump', 'qjm-race']
  .map((id) => findPreset(id)?.scenario)
  .filter((s): s is Scenario => s !== undefined);

describe('scenarios', () => {
  it.each([
    ['scenario: validate + simulate', edits, 200],
    ['scenario (mild): validate + simulate', mildEdits, 200],
  ] as const)('%s: a clean message or a trace', (surface, changed, numRuns) => {
    const bases = SCENARIO_BASES;
    fc.assert(
      fc.property(fc.nat(), changed, (which, changes) => {
        const raw = mutate(bases[which % bases.length], changes);
        try {
          const checked = validateScenario(raw);
          if (!checked.ok) {
            const message = `${checked.error.path}: ${checked.error.message}`;
            return count(surface, isCleanMessage(message) ? 'clean' : { failure: message });
          }
          const trace = simulator.simulate(checked.scenario);
          // A run of no actions has no steps: valid too. Its text must survive a round trip (export).
          const fine =
            Array.isArray(trace.steps) && typeof trace.verdict === 'object' && JSON.parse(JSON.stringify(trace));
          count(surface, fine ? 'valid' : { failure: `no trace for ${JSON.stringify(raw).slice(0, 300)}` });
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${JSON.stringify(raw).slice(0, 300)}` });
        }
      }),
      { seed: SEED, numRuns },
    );
    expect(failuresOf(surface)).toEqual([]);
  });
});

describe('scenarios, actions redrawn', () => {
  it("a preset's actions moved in time, given to other clients and repeated: a clean message or a trace", () => {
    const surface = 'scenario (redrawn): simulate';
    const drawn = fc.record({
      base: fc.nat(),
      picks: fc.array(
        fc.record({ action: fc.nat(), atMs: fc.integer({ min: 0, max: 2500 }), client: fc.nat({ max: 3 }) }),
        {
          maxLength: 12,
        },
      ),
    });
    fc.assert(
      fc.property(drawn, ({ base, picks }) => {
        const scenario = SCENARIO_BASES[base % SCENARIO_BASES.length]!;
        const actions = picks.map(({ action, atMs, client }) => {
          const a = { ...scenario.actions[action % scenario.actions.length]!, atMs } as Record<string, unknown>;
          if ('client' in a) a.client = `Client${1 + (client % scenario.clients)}`;
          return a;
        });
        actions.sort((a, b) => (a.atMs as number) - (b.atMs as number));
        const raw = { ...scenario, actions, labels: [] };
        try {
          const checked = validateScenario(raw);
          if (!checked.ok) {
            const message = `${checked.error.path}: ${checked.error.message}`;
            return count(surface, isCleanMessage(message) ? 'clean' : { failure: message });
          }
          const trace = simulator.simulate(checked.scenario);
          count(surface, Array.isArray(trace.steps) && trace.verdict ? 'valid' : { failure: 'no trace' });
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${JSON.stringify(raw).slice(0, 300)}` });
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(failuresOf(surface)).toEqual([]);
  });
});

const LINKS = [
  '#preset=canonical-race&step=t6',
  '#preset=canonical-race&strategy=etcd&step=4',
  '#embed&preset=etcd-race&step=t4&autoplay&speed=2&show=timeline,cards&origin=https%3A%2F%2Fdocs.example',
  '#lesson=fencing-tokens&chapter=the-race&step=t4&answer=2&present',
  '#recording=etcd-race',
  '#preset=canonical-race&step=2&from=fencing-tokens/the-race/t4/1',
];

describe('links', () => {
  it('through the link grammar: words that name the problem, or a link read', () => {
    const surface = 'link: grammar';
    fc.assert(
      fc.property(fc.nat(), linkEdits, (which, changes) => {
        const hash = mutateLink(LINKS[which % LINKS.length]!, changes);
        try {
          const lab = readLabLink(hash);
          const embed = readEmbedHash(hash);
          [readLessonLink(hash), readFromLink(hash), readRecordedLink(hash), viewOfLink(hash)].forEach(String);
          const words = [...(lab.kind === 'refused' ? [lab.message] : []), ...embed.problems];
          const bad = words.find((w) => !isCleanMessage(w, 400));
          if (bad !== undefined) return count(surface, { failure: `${JSON.stringify(bad)} for ${hash.slice(0, 200)}` });
          count(surface, words.length ? 'clean' : 'valid');
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${hash.slice(0, 200)}` });
        }
      }),
      { seed: SEED, numRuns: 600 },
    );
    expect(failuresOf(surface)).toEqual([]);
  });

  it("through the lab's decoding, scenario links included: a clean message or a valid scenario", async () => {
    const surface = 'link: decodeHash';
    const { encodeHash } = await import('../src/ui/store/link/url');
    const own = await encodeHash({ scenario: race(), cursor: 3, ownActionCount: 5 });
    const links = [...LINKS.slice(0, 2), own, `${own}&strategy=zookeeper`];
    await fc.assert(
      fc.asyncProperty(fc.nat(), linkEdits, async (which, changes) => {
        const hash = mutateLink(links[which % links.length]!, changes);
        try {
          const decoded = await decodeHash(hash);
          if (decoded.kind === 'error')
            return count(surface, isCleanMessage(decoded.message, 400) ? 'clean' : { failure: decoded.message });
          const fine = decoded.kind === 'empty' || validateScenario(decoded.scenario).ok;
          count(surface, fine ? 'valid' : { failure: `an invalid scenario from ${hash.slice(0, 200)}` });
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${hash.slice(0, 200)}` });
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(failuresOf(surface)).toEqual([]);
  });
});

/** A small lesson (docs/lesson-format.md's example): two steps, one question. */
const LESSON = {
  format: 'fencelab.lesson',
  version: 1,
  id: 'my-lesson',
  title: 'Why our job runner needs a fence',
  summary: 'What a class learns.',
  chapters: [
    {
      id: 'the-race',
      title: 'The race',
      steps: [
        { run: { preset: 'canonical-race' }, at: 't0', say: 'Client1 gets the lock with token 33.' },
        {
          at: 't6',
          say: 'Client1 wakes and writes with 33.',
          ask: { kind: 'write', why: '33 is not higher than 34, so the store refuses it.' },
          show: ['pseudocode', 'chart'],
        },
      ],
    },
  ],
};

describe('files', () => {
  it('lessons through validateLesson: a clean message or a lesson whose every step resolves', () => {
    const surface = 'file: lesson';
    fc.assert(
      fc.property(fc.oneof(edits, mildEdits), (changes) => {
        const raw = mutate(LESSON, changes);
        try {
          const result = validateLesson(raw, simulator);
          if (!result.ok) return count(surface, isCleanMessage(result.error) ? 'clean' : { failure: result.error });
          count(surface, result.chapters.length > 0 ? 'valid' : { failure: 'a lesson of no chapters' });
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${JSON.stringify(raw).slice(0, 300)}` });
        }
      }),
      { seed: SEED, numRuns: 120 },
    );
    expect(failuresOf(surface)).toEqual([]);
  });

  it("trace files through the lab's import: a clean message or the scenario inside", () => {
    const surface = 'file: trace';
    const file = JSON.parse(JSON.stringify(simulator.simulate(race()))) as unknown;
    fc.assert(
      fc.property(edits, fc.nat(), (changes, cut) => {
        const mutated = JSON.stringify(mutate(file, changes));
        // Every fifth file is cut short too, as a download that stopped.
        const text = cut % 5 === 0 ? mutated.slice(0, cut % mutated.length) : mutated;
        try {
          const parsed = parseScenarioJson(scenarioText(text));
          if (!parsed.ok) {
            const message = `${parsed.error.path}: ${parsed.error.message}`;
            return count(surface, isCleanMessage(message) ? 'clean' : { failure: message });
          }
          count(surface, 'valid');
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${text.slice(0, 300)}` });
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(failuresOf(surface)).toEqual([]);
  });

  it('recordings through loadRecording and the view: a clean message or a trace drawn', async () => {
    const surface = 'file: recording';
    const ids = ['etcd-race', 'zookeeper-race', 'redlock-race'];
    const files = ids.map((id) => JSON.parse(readFileSync(`public/recordings/${id}.json`, 'utf8')) as unknown);
    await fc.assert(
      fc.asyncProperty(fc.nat(), edits, async (which, changes) => {
        const id = ids[which % ids.length]!;
        const text = JSON.stringify(mutate(files[which % ids.length], changes));
        const fetcher = () => Promise.resolve(new Response(text, { headers: { 'content-type': 'application/json' } }));
        try {
          const loaded = await loadRecording(id, fetcher, 'http://lab.example/');
          if (!loaded.ok) return count(surface, isCleanMessage(loaded.message) ? 'clean' : { failure: loaded.message });
          const { trace } = recordingToTrace(loaded.recording);
          count(surface, trace.steps.length > 0 ? 'valid' : { failure: `no steps drawn for ${text.slice(0, 300)}` });
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${text.slice(0, 300)}` });
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
    expect(failuresOf(surface)).toEqual([]);
  });
});

/** Commands, right and nearly right, for the embed's messages to be mutated from. */
const COMMANDS = [
  { type: 'load', preset: 'etcd-race', step: 't4' },
  { type: 'load', scenario: race(), step: 3 },
  { type: 'seek', step: 't6' },
  { type: 'set-strategy', strategy: 'zookeeper' },
  { type: 'set-knob', key: 'leaseTtlMs', value: 5000 },
  { type: 'play' },
];

/** A hostile message: a command as it should be, anything at all, a command mutated, or a command
 * as (broken) JSON text. */
const messages = fc.oneof(
  fc.constantFrom(...COMMANDS),
  fc.anything({ maxDepth: 4 }),
  fc.tuple(fc.nat(), edits).map(([which, changes]) => mutate(COMMANDS[which % COMMANDS.length], changes)),
  fc
    .tuple(fc.nat(), edits, fc.nat())
    .map(([which, changes, cut]) => JSON.stringify(mutate(COMMANDS[which % COMMANDS.length], changes)).slice(cut % 7)),
);

describe('embed messages', () => {
  it('through the command reader: a clean message or a command', () => {
    const surface = 'embed: readCommand';
    fc.assert(
      fc.property(messages, (data) => {
        try {
          const read = readCommand(data);
          count(surface, read.ok ? 'valid' : isCleanMessage(read.message) ? 'clean' : { failure: read.message });
        } catch (e) {
          count(surface, { failure: `${String(e)} for ${String(JSON.stringify(data)).slice(0, 300)}` });
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
    expect(failuresOf(surface)).toEqual([]);
  });

  it('through the bridge: every message refused with one error event, or run, and the queue always drains', async () => {
    const surface = 'embed: bridge';
    const store = createLabStore(undefined, { code: ALL_CODE });
    const frame = standInFrame();
    const bridge = startBridge({ store, win: frame.win, origin: null, warn: () => undefined, early: () => [] });
    for (let i = 0; i < 200 && frame.ofType('ready').length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const sent = fc.sample(messages, { seed: SEED, numRuns: 80 });
    for (const data of sent) {
      const before = frame.ofType('error').length;
      frame.send(data);
      const errors = frame.ofType('error').slice(before);
      const read = readCommand(data);
      // A refused message is answered at once, with one error; a command runs in its turn.
      if (!read.ok)
        count(surface, errors.length === 1 && isCleanMessage(errors[0]!.message) ? 'clean' : { failure: read.message });
      else count(surface, 'valid');
    }
    // Every command sent has run or been given up: a last one, queued after them all, is answered.
    frame.send({ type: 'seek', step: 'last9' });
    const last = () => frame.ofType('error').some((e) => String(e.message).includes('"last9"'));
    for (let i = 0; i < 3000 && !last(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(last()).toBe(true);
    const broke = frame.ofType('error').filter((e) => String(e.message).startsWith('The command failed'));
    for (const e of broke) count(surface, { failure: String(e.message) });
    expect(failuresOf(surface)).toEqual([]);
    bridge.stop();
  });
});

describe("the issue's inputs (issue 40), each with its right outcome", () => {
  it('a 1 MB link is refused before it is decoded, in a sentence that quotes only its start', async () => {
    const link = `#s=${'A'.repeat(1024 * 1024)}&step=1`;
    expect(readLabLink(link)).toMatchObject({ kind: 'refused' });
    const decoded = await decodeHash(link);
    expect(decoded.kind === 'error' && decoded.message).toMatch(/^The link is 1,048,58\d characters long, more than/);
    expect(decoded.kind === 'error' && decoded.message.length).toBeLessThan(200);
  });

  it('#embed&show= gets a message and the default parts, not an empty frame', () => {
    const o = readEmbedHash('#embed&show=');
    expect(o.problems).toEqual([expect.stringMatching(/^"show" names no part/)]);
    expect(o.show.size).toBe(3);
  });

  it('a repeated key (step=1&step=t6) is named as an unknown key is', () => {
    expect(readLabLink('#preset=canonical-race&step=1&step=t6')).toMatchObject({ repeated: ['step'] });
    expect(readEmbedHash('#embed&preset=canonical-race&step=1&step=t6').problems).toEqual([
      'it gives "step" more than once (the last one is used)',
    ]);
  });

  // A `load` of a run that never finishes gets an error event and later commands are answered:
  // src/ui/embed/bridge.test.ts. The Mermaid directive, the text trace's stack and the CLI's
  // byte-order mark are held by their own tests (src/engine/export, src/engine/trace, src/cli).
});
