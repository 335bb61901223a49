// The shareable link: the scenario (lz-string compressed JSON), the cursor and how many of the
// scenario's actions are its own, in location.hash:  #s=<scenario>&step=N&own=K
// A short form #preset=<id>&step=N opens a preset. Invariant: decoding never throws; anything it
// cannot read comes back as an error that names the problem, and no scenario.

import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { findPreset, formatScenarioError, validateScenario, type Scenario } from '../../engine';

export interface UrlState {
  scenario: Scenario;
  cursor: number;
  ownActionCount: number;
}

export type DecodedHash =
  | { kind: 'empty' }
  | { kind: 'ok'; scenario: Scenario; cursor: number; ownActionCount?: number; presetId?: string }
  | { kind: 'error'; message: string };

/** Compressing a large scenario takes time; the same scenario object is compressed once. */
const compressed = new WeakMap<Scenario, string>();

export function encodeScenario(scenario: Scenario): string {
  let text = compressed.get(scenario);
  if (text === undefined) {
    text = compressToEncodedURIComponent(JSON.stringify(scenario));
    compressed.set(scenario, text);
  }
  return text;
}

export function encodeHash({ scenario, cursor, ownActionCount }: UrlState): string {
  const parts = [`s=${encodeScenario(scenario)}`, `step=${cursor}`];
  if (ownActionCount !== scenario.actions.length) parts.push(`own=${ownActionCount}`);
  return `#${parts.join('&')}`;
}

/**
 * Splits "#a=1&b=2" by hand: URLSearchParams would turn the '+' that lz-string emits into a space.
 */
function params(hash: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    out.set(eq < 0 ? part : part.slice(0, eq), eq < 0 ? '' : part.slice(eq + 1));
  }
  return out;
}

function wholeNumber(text: string | undefined, name: string): number | undefined | Error {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) return new Error(`"${name}" should be a whole number, but the link has "${text}"`);
  return Number(text);
}

export function decodeHash(hash: string): DecodedHash {
  const p = params(hash);
  if (!p.has('s') && !p.has('preset')) {
    return p.size === 0 ? { kind: 'empty' } : { kind: 'error', message: 'The link has no scenario in it (no "s=").' };
  }
  const step = wholeNumber(p.get('step'), 'step');
  if (step instanceof Error) return { kind: 'error', message: `The link's step is not valid: ${step.message}.` };
  const own = wholeNumber(p.get('own'), 'own');
  if (own instanceof Error) return { kind: 'error', message: `The link is not valid: ${own.message}.` };

  if (!p.has('s')) {
    const id = decodeURIComponent(p.get('preset') ?? '');
    const preset = findPreset(id);
    if (!preset) return { kind: 'error', message: `The link names a preset "${id}" that does not exist.` };
    return { kind: 'ok', scenario: preset.scenario, cursor: step ?? 0, presetId: id };
  }

  let json: string | null;
  try {
    json = decompressFromEncodedURIComponent(p.get('s') ?? '');
  } catch {
    json = null;
  }
  if (!json) return { kind: 'error', message: "The link's scenario is damaged: it could not be decompressed." };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { kind: 'error', message: "The link's scenario is damaged: it decompresses to something that is not JSON." };
  }
  const checked = validateScenario(raw);
  if (!checked.ok) {
    return { kind: 'error', message: `The link's scenario is not valid: ${formatScenarioError(checked.error)}.` };
  }
  // The link already holds this scenario compressed: remember it rather than compress it again
  // (a 10,000-action scenario takes a noticeable moment), if the validated form is identical.
  if (JSON.stringify(checked.scenario) === json) compressed.set(checked.scenario, p.get('s')!);
  return {
    kind: 'ok',
    scenario: checked.scenario,
    cursor: step ?? 0,
    ...(own !== undefined && own <= checked.scenario.actions.length ? { ownActionCount: own } : {}),
  };
}
