// The shareable link: the scenario (deflated JSON, base64url), the cursor and how many of the
// scenario's actions are its own, in location.hash:  #s=<scenario>&step=N&own=K
// An unchanged preset is written short, #preset=<id>&step=N, and so is a preset carried to another
// strategy and changed in nothing else, #preset=<id>&strategy=<id>&step=N. A link may name a
// strategy for any scenario (`strategy=` carries it there, as the strategy picker does; with no
// scenario, the default preset). `step=` also takes a step's label (`step=t6`), which the caller
// resolves once the trace exists. The link's text is read and written by the link grammar
// (link/grammar.ts); this module says what it names. Invariant: decoding never rejects; anything
// it cannot read comes back as an error that names the problem, and no scenario.

import { deflateText, inflateText, MAX_TEXT_BYTES } from './linkCodec';
import {
  STRATEGY_IDS,
  asSentence,
  carryTo,
  findStrategy,
  formatScenarioError,
  validateScenario,
  type Scenario,
} from '../../../engine';
import { labLinkText, quoted, readLabLink, type LabLink } from '../../link/grammar';
import { DEFAULT_PRESET_ID, isPresetUnder, presetUnder } from '../code/presetOf';
import { PRESETS_UNFETCHED, fetchPreset, knownPreset, loadAllPresets } from '../code/presets';

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
      /** The parameters it gives more than once (`step=1&step=t6`): opened with the last of each. */
      repeated?: string[];
    }
  | { kind: 'error'; message: string };

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
  const at = { cursor: state.cursor, ...(state.stepLabel ? { stepLabel: state.stepLabel } : {}) };
  if (presetId && ownActionCount === scenario.actions.length && knownPreset(presetId)) {
    if (edited === false) return labLinkText({ preset: presetId, ...at });
    if (isPresetUnder(scenario, presetId)) return labLinkText({ preset: presetId, strategy: scenario.strategy, ...at });
  }
  const own = ownActionCount !== scenario.actions.length ? { own: ownActionCount } : {};
  return labLinkText({ packed: await encodeScenario(scenario), ...own, ...at });
}

/** What a link says when the file of presets it needs cannot be fetched (presets.ts). */
const CANNOT_FETCH_PRESETS = `The link could not be opened: ${PRESETS_UNFETCHED}. Reload the page to try again.`;

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

async function decode(hash: string): Promise<DecodedHash> {
  const link = readLabLink(hash);
  if (link.kind === 'empty') return link;
  if (link.strategy !== undefined && !findStrategy(link.strategy)) {
    const known = STRATEGY_IDS.join(', ');
    return {
      kind: 'error',
      message: `The link names a strategy ${quoted(link.strategy)} that the lab does not have (it has ${known}).`,
    };
  }
  if (link.kind === 'refused') return { kind: 'error', message: link.message };
  const found = await decodeLink(link);
  if (found.kind !== 'ok') return found;
  return {
    ...found,
    ...(link.unread.length ? { unread: link.unread } : {}),
    ...(link.repeated ? { repeated: link.repeated } : {}),
  };
}

async function decodeLink(link: Extract<LabLink, { kind: 'preset' | 'scenario' }>): Promise<DecodedHash> {
  const { strategy, cursor } = link;
  const labelled = link.stepLabel === undefined ? {} : { stepLabel: link.stepLabel };
  if (link.kind === 'preset') {
    const id = link.preset ?? DEFAULT_PRESET_ID;
    const preset = await fetchPreset(id).catch(() => null);
    if (preset === null) return { kind: 'error', message: CANNOT_FETCH_PRESETS };
    if (!preset) return { kind: 'error', message: `The link names a preset ${quoted(id)} that does not exist.` };
    const scenario =
      strategy === undefined || strategy === preset.scenario.strategy ? preset.scenario : presetUnder(id, strategy);
    if (!scenario) return { kind: 'error', message: `The preset ${quoted(id)} cannot be run under "${strategy}".` };
    return { kind: 'ok', scenario, cursor, presetId: id, ...labelled };
  }

  // The store tells a preset's scenario by its name (presetOf): it needs every preset at hand.
  if ((await loadAllPresets().catch(() => null)) === null) return { kind: 'error', message: CANNOT_FETCH_PRESETS };
  const inflated = await inflateText(link.packed);
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
  const { own } = link;
  if (strategy !== undefined && strategy !== checked.scenario.strategy) {
    // Carried as the strategy picker carries it, which keeps the count of the scenario's own actions.
    const carried = carryTo(checked.scenario, strategy).scenario;
    return {
      kind: 'ok',
      scenario: carried,
      cursor,
      ...labelled,
      ...(own !== undefined ? { ownActionCount: Math.min(own, carried.actions.length) } : {}),
    };
  }
  return {
    kind: 'ok',
    scenario: checked.scenario,
    cursor,
    ...labelled,
    ...(own !== undefined && own <= checked.scenario.actions.length ? { ownActionCount: own } : {}),
  };
}
