// The embed API's commands, checked by hand before anything acts on them: shape, types and size.
// Invariant: readCommand never throws and never walks more than the size limit of a message; what
// it returns as a command is safe to act on (a scenario in it has passed validateScenario, a
// strategy is known). A preset's id is only read here: the bridge looks it up once it has the
// presets (store/code/presets.ts), and knob values are checked against the open scenario later.

import {
  STRATEGY_IDS,
  asSentence,
  formatScenarioError,
  validateScenario,
  type KnownStrategyId,
  type Preset,
  type Scenario,
} from '../../engine';

/** Messages larger than this (strings, or the strings and values of an object) are refused. */
const MAX_MESSAGE_BYTES = 256 * 1024;
const MAX_DEPTH = 64;

/** A step by index, or by its label (`t6`). */
export type StepRef = number | string;

export type Command =
  | { type: 'load'; preset: string; scenario?: undefined; step?: StepRef }
  | { type: 'load'; scenario: Scenario; preset?: undefined; step?: StepRef }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; step: StepRef }
  | { type: 'set-strategy'; strategy: KnownStrategyId }
  | { type: 'set-knob'; key: string; value: unknown };

const COMMAND_TYPES = ['load', 'play', 'pause', 'seek', 'set-strategy', 'set-knob'] as const;

/** The fields each command takes besides `type`: any other is named as a mistake (a typed `stpe`
 * was otherwise dropped without a word, and the load went to step 0). */
const FIELDS: Record<(typeof COMMAND_TYPES)[number], readonly string[]> = {
  load: ['preset', 'scenario', 'step'],
  play: [],
  pause: [],
  seek: ['step'],
  'set-strategy': ['strategy'],
  'set-knob': ['key', 'value'],
};

export type Read = { ok: true; command: Command } | { ok: false; message: string };

const LABEL = /^[A-Za-z][A-Za-z0-9_.-]{0,11}$/;
const KNOB_KEY = /^[A-Za-z]{1,40}$/;

/**
 * Roughly how many bytes `value` would take as JSON, walking at most until `limit` is passed (so
 * a huge or deep message costs no more than the limit to refuse). Infinity past the limit.
 */
export function boundedSize(value: unknown, limit: number = MAX_MESSAGE_BYTES): number {
  let total = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) return Infinity;
    if (typeof v === 'string') total += v.length + 2;
    else if (v !== null && typeof v === 'object') {
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return Infinity;
      const keys = Object.keys(v);
      total += 2 + keys.length;
      if (total > limit) return Infinity;
      for (const key of keys) {
        total += key.length + 3;
        stack.push([(v as Record<string, unknown>)[key], depth + 1]);
      }
    } else total += 8;
    if (total > limit) return Infinity;
  }
  return total;
}

function stepRef(v: unknown): StepRef | Error {
  if (v === undefined) return new Error('"step" is missing: give a step number (0 or more) or a label such as "t6"');
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e9) return v;
  if (typeof v === 'string' && LABEL.test(v)) return v;
  return new Error('"step" should be a step number (0 or more) or a label such as "t6"');
}

const fail = (message: string): Read => ({ ok: false, message });

/** Reads one message posted to the frame. */
export function readCommand(data: unknown, limit: number = MAX_MESSAGE_BYTES): Read {
  let raw = data;
  if (typeof raw === 'string') {
    if (raw.length > limit) return fail(`The command is larger than ${limit / 1024} kB.`);
    try {
      raw = JSON.parse(raw);
    } catch {
      return fail('The command is a string that is not JSON.');
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return fail('A command should be an object with a "type", such as { type: "play" }.');
  if (boundedSize(raw, limit) > limit) return fail(`The command is larger than ${limit / 1024} kB.`);
  const m = raw as Record<string, unknown>;
  const type = m.type;
  const known = COMMAND_TYPES.find((t) => t === type);
  if (!known) {
    const named = typeof type === 'string' ? `"${type.slice(0, 40)}"` : 'no type';
    return fail(`Unknown command (${named}): expected one of ${COMMAND_TYPES.join(', ')}.`);
  }
  const unknown = Object.keys(m).filter((key) => key !== 'type' && !FIELDS[known].includes(key));
  if (unknown.length > 0) {
    const named = unknown.slice(0, 3).map((key) => `"${key.slice(0, 40)}"`);
    const more = unknown.length > 3 ? ` and ${unknown.length - 3} more` : '';
    const takes = FIELDS[known].length ? `it takes ${FIELDS[known].map((f) => `"${f}"`).join(', ')}` : 'it takes none';
    return fail(`${known}: no field called ${named.join(', ')}${more} (${takes}).`);
  }
  switch (known) {
    case 'play':
    case 'pause':
      return { ok: true, command: { type: known } };
    case 'seek': {
      const step = stepRef(m.step);
      return step instanceof Error ? fail(`seek: ${step.message}.`) : { ok: true, command: { type: 'seek', step } };
    }
    case 'set-strategy': {
      const strategy = STRATEGY_IDS.find((id) => id === m.strategy);
      if (!strategy)
        return fail(
          `set-strategy: "strategy" ${m.strategy === undefined ? 'is missing: it should' : 'should'} be one of ${STRATEGY_IDS.join(', ')}.`,
        );
      return { ok: true, command: { type: 'set-strategy', strategy } };
    }
    case 'set-knob': {
      if (typeof m.key !== 'string' || !KNOB_KEY.test(m.key)) return fail('set-knob: "key" should be a knob name.');
      if (!('value' in m)) return fail('set-knob: "value" is missing (null drops the setting).');
      return { ok: true, command: { type: 'set-knob', key: m.key, value: m.value } };
    }
    case 'load':
      return readLoad(m);
  }
}

/** A `load` of a preset the lab does not have, answered with the ids it has (`presets`). */
export const noSuchPreset = (id: string, presets: readonly Pick<Preset, 'id'>[]): string =>
  `load: There is no preset called "${id}". The presets are ${presets.map((p) => p.id).join(', ')}.`;

/** The longest preset id a command may name (the longest the lab has is 27 characters). */
const PRESET_ID_MAX = 100;

function readLoad(m: Record<string, unknown>): Read {
  const step = m.step === undefined ? undefined : stepRef(m.step);
  if (step instanceof Error) return fail(`load: ${step.message}.`);
  const at = step === undefined ? {} : { step };
  if ((m.preset === undefined) === (m.scenario === undefined))
    return fail('load: give either "preset" (an id) or "scenario" (a scenario object), not both or neither.');
  if (m.preset !== undefined) {
    if (typeof m.preset !== 'string' || m.preset.length > PRESET_ID_MAX)
      return fail(`load: "preset" should be a preset's id, a text of at most ${PRESET_ID_MAX} characters.`);
    return { ok: true, command: { type: 'load', preset: m.preset, ...at } };
  }
  const checked = validateScenario(m.scenario);
  if (!checked.ok) return fail(`load: the scenario is not valid: ${asSentence(formatScenarioError(checked.error))}`);
  return { ok: true, command: { type: 'load', scenario: checked.scenario, ...at } };
}
