// The shareable link: the scenario (deflated JSON, base64url), the cursor and how many of the
// scenario's actions are its own, in location.hash:  #s=<scenario>&step=N&own=K
// An unchanged preset is written short, #preset=<id>&step=N, and so is a preset carried to another
// strategy and changed in nothing else, #preset=<id>&strategy=<id>&step=N. A link may name a
// strategy for any scenario (`strategy=` carries it there, as the strategy picker does; with no
// scenario, the default preset). `step=` also takes a step's label (`step=t6`), which the caller
// resolves once the trace exists. Invariant: decoding never rejects; anything it cannot read
// comes back as an error that names the problem, and no scenario.

import { deflateText, inflateText, MAX_TEXT_BYTES } from './linkCodec';
import {
  STRATEGY_IDS,
  asSentence,
  carryTo,
  findStrategy,
  formatScenarioError,
  validateScenario,
  type Scenario,
} from '../../engine';
import { DEFAULT_PRESET_ID, isPresetUnder, presetUnder } from './presetOf';
import { PRESETS_UNFETCHED, fetchPreset, knownPreset, loadAllPresets } from './presets';

export interface UrlState {
  scenario: Scenario;
  cursor: number;
  /** The cursor's step's label (`t6`): the link names the step by it, not by its number. */
  stepLabel?: string | undefined;
  ownActionCount: number;
  /** The preset the scenario was opened from, and whether it differs from it (the store's). */
  presetId?: string | null;
  edited?: boolean;
}

export type DecodedHash =
  | { kind: 'empty' }
  | {
      kind: 'ok';
      scenario: Scenario;
      /** The step to open at; 0 when the link names a label (`stepLabel`) to resolve instead. */
      cursor: number;
      ownActionCount?: number;
      presetId?: string;
      stepLabel?: string;
      /** The link's parameters a lab link does not have (`stepp=3`, say): opened without them. */
      unread?: string[];
    }
  | { kind: 'error'; message: string };

/**
 * What a lab link carries: its scenario, step and strategy, and the lesson step it came from; and,
 * read and passed over, what only an embed link means (an embed link with `#embed&` taken out
 * opens the same view in the lab: docs/embedding.md).
 */
/** What only an embed link means: a lab link reads and passes over them. */
export const EMBED_ONLY_KEYS: readonly string[] = ['autoplay', 'speed', 'show', 'origin'];

const LAB_LINK_KEYS: ReadonlySet<string> = new Set([
  ...['preset', 's', 'own', 'strategy', 'step', 'from'],
  ...EMBED_ONLY_KEYS,
]);

/**
 * `"a"`, `"a" and "b"`, `"a", "b" and "c"`: a link's parameter names as a sentence lists them. A
 * link is typed by hand or pasted from anywhere: at most the first 5 names, each cut at 24 characters.
 */
export function quotedList(names: readonly string[]): string {
  const quoted = names.slice(0, 5).map((name) => `"${name.slice(0, 24)}"`);
  return quoted.length < 2 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** Compressing a large scenario takes time; the same scenario object is compressed once. */
const compressed = new WeakMap<Scenario, Promise<string>>();

function encodeScenario(scenario: Scenario): Promise<string> {
  let text = compressed.get(scenario);
  if (text === undefined) {
    text = deflateText(JSON.stringify(scenario));
    compressed.set(scenario, text);
  }
  return text;
}

/**
 * `#preset=ID&step=N` for an unchanged preset with no interventions, `#preset=ID&strategy=S&step=N`
 * for that preset carried to strategy S and nothing more, else `#s=…&step=N[&own=K]`.
 */
export async function encodeHash(state: UrlState): Promise<string> {
  const { scenario, ownActionCount, presetId, edited } = state;
  const step = state.stepLabel && STEP_LABEL.test(state.stepLabel) ? state.stepLabel : String(state.cursor);
  if (presetId && ownActionCount === scenario.actions.length && knownPreset(presetId)) {
    const id = encodeURIComponent(presetId);
    if (edited === false) return `#preset=${id}&step=${step}`;
    if (isPresetUnder(scenario, presetId))
      return `#preset=${id}&strategy=${encodeURIComponent(scenario.strategy)}&step=${step}`;
  }
  const parts = [`s=${await encodeScenario(scenario)}`, `step=${step}`];
  if (ownActionCount !== scenario.actions.length) parts.push(`own=${ownActionCount}`);
  return `#${parts.join('&')}`;
}

/** Splits "#a=1&b=2" into raw (undecoded) values, by hand: URLSearchParams would turn a '+' in a hand-
 * edited link into a space. Every link the lab reads (the lab's, a lesson's, an embed's) splits here. */
export function hashParams(hash: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    out.set(eq < 0 ? part : part.slice(0, eq), eq < 0 ? '' : part.slice(eq + 1));
  }
  return out;
}

/** What a link says when the file of presets it needs cannot be fetched (presets.ts). */
export const CANNOT_FETCH_PRESETS = `The link could not be opened: ${PRESETS_UNFETCHED}. Reload the page to try again.`;

/** A step's label in a link (`t6`, `abort`): a letter first, so it is never a step number. */
export const STEP_LABEL = /^[A-Za-z][A-Za-z0-9_.-]{0,11}$/;

function wholeNumber(text: string | undefined, name: string): number | undefined | Error {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) return new Error(`"${name}" should be a whole number, but the link has "${text}"`);
  return Number(text);
}

/** The last link decoded: a page decodes its link twice as it starts (main.tsx, to fetch what its
 * run needs, and then to open it), and decoding a scenario link inflates and validates it. */
let lastDecoded: { hash: string; result: Promise<DecodedHash> } | null = null;

/**
 * What a location hash opens: a scenario (a preset by id, or `s=` compressed and validated) with
 * its cursor, nothing, or a message that names what is wrong. Decoding the same hash again gives
 * the same answer (the last one is kept).
 */
export function decodeHash(hash: string): Promise<DecodedHash> {
  if (lastDecoded?.hash !== hash) lastDecoded = { hash, result: decode(hash) };
  return lastDecoded.result;
}

/** The text of a link's field, %-escapes decoded where they can be (a bad one is left as typed). */
export function fieldText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function decode(hash: string): Promise<DecodedHash> {
  const p = hashParams(hash);
  const unread = [...p.keys()].filter((key) => !LAB_LINK_KEYS.has(key));
  const found = await decodeParams(p);
  return found.kind === 'ok' && unread.length ? { ...found, unread } : found;
}

async function decodeParams(p: Map<string, string>): Promise<DecodedHash> {
  const strategy = p.has('strategy') ? fieldText(p.get('strategy') ?? '') : undefined;
  if (strategy !== undefined && !findStrategy(strategy)) {
    const known = STRATEGY_IDS.join(', ');
    return {
      kind: 'error',
      message: `The link names a strategy "${strategy}" that the lab does not have (it has ${known}).`,
    };
  }
  if (!p.has('s') && !p.has('preset')) {
    if (strategy !== undefined) p.set('preset', DEFAULT_PRESET_ID);
    else
      return p.size === 0
        ? { kind: 'empty' }
        : { kind: 'error', message: 'The link names no scenario: it has neither "preset=" nor "s=".' };
  }
  const stepText = p.get('step');
  const stepLabel = stepText !== undefined && STEP_LABEL.test(stepText) ? stepText : undefined;
  const step = stepLabel === undefined ? wholeNumber(stepText, 'step') : 0;
  if (step instanceof Error) return { kind: 'error', message: `The link's step is not valid: ${step.message}.` };
  const own = wholeNumber(p.get('own'), 'own');
  if (own instanceof Error) return { kind: 'error', message: `The link is not valid: ${own.message}.` };

  const labelled = stepLabel === undefined ? {} : { stepLabel };
  if (!p.has('s')) {
    const id = fieldText(p.get('preset') ?? '');
    const preset = await fetchPreset(id).catch(() => null);
    if (preset === null) return { kind: 'error', message: CANNOT_FETCH_PRESETS };
    if (!preset) return { kind: 'error', message: `The link names a preset "${id}" that does not exist.` };
    const scenario =
      strategy === undefined || strategy === preset.scenario.strategy ? preset.scenario : presetUnder(id, strategy);
    if (!scenario) return { kind: 'error', message: `The preset "${id}" cannot be run under "${strategy}".` };
    return { kind: 'ok', scenario, cursor: step ?? 0, presetId: id, ...labelled };
  }

  // The store tells a preset's scenario by its name (presetOf): it needs every preset at hand.
  if ((await loadAllPresets().catch(() => null)) === null) return { kind: 'error', message: CANNOT_FETCH_PRESETS };
  const inflated = await inflateText(p.get('s') ?? '');
  if (!inflated.ok) {
    const why =
      inflated.problem === 'too large'
        ? `it would decompress to more than ${MAX_TEXT_BYTES / 1024 / 1024} MB`
        : 'it could not be decompressed';
    return { kind: 'error', message: `The link's scenario is damaged: ${why}.` };
  }
  const json = inflated.text;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { kind: 'error', message: "The link's scenario is damaged: it decompresses to something that is not JSON." };
  }
  const checked = validateScenario(raw);
  if (!checked.ok) {
    return {
      kind: 'error',
      message: `The link's scenario is not valid: ${asSentence(formatScenarioError(checked.error))}`,
    };
  }
  if (strategy !== undefined && strategy !== checked.scenario.strategy) {
    // Carried as the strategy picker carries it, which keeps the count of the scenario's own actions.
    const carried = carryTo(checked.scenario, strategy).scenario;
    return {
      kind: 'ok',
      scenario: carried,
      cursor: step ?? 0,
      ...labelled,
      ...(own !== undefined ? { ownActionCount: Math.min(own, carried.actions.length) } : {}),
    };
  }
  return {
    kind: 'ok',
    scenario: checked.scenario,
    cursor: step ?? 0,
    ...labelled,
    ...(own !== undefined && own <= checked.scenario.actions.length ? { ownActionCount: own } : {}),
  };
}
