// The embed player's first views the build draws (src/ui/prerender.tsx, one file per preset) and
// the one link each is shown for: the page's starter shows a preset's file before the page's
// script has come only for a link whose every parameter is the file's, so no other link is shown
// what its player would not draw. Invariant: pure, and imports only the link grammar (the starter
// carries it).

import { asOrigin, isEmbedHash, readLabLink } from '../link/grammar';

/**
 * The step each preset's first view is drawn at, as its link writes it: the one its documented
 * link opens (docs/embedding.md's examples open canonical-race at t6). Every other preset's is
 * drawn where a link with no step opens it (null).
 */
const EMBED_FIRST_STEPS: Readonly<Record<string, string>> = { 'canonical-race': 't6' };

/** The step `preset`'s first view is drawn at (EMBED_FIRST_STEPS), null for a link with no step. */
const embedFirstStep = (preset: string): string | null => EMBED_FIRST_STEPS[preset] ?? null;

/** `#embed&preset=ID[&step=STEP]`: the link a preset's first view is drawn for. */
export const embedFirstLink = (preset: string): string => {
  const step = embedFirstStep(preset);
  return `#embed&preset=${encodeURIComponent(preset)}${step === null ? '' : `&step=${step}`}`;
};

/** The embed's style sheet, which the build writes once for every first view (they need it). */
export const EMBED_FIRST_CSS = 'first/embed.css';

/** Where the build writes a preset's first view, and where the starter asks for it. */
export const embedFirstFile = (preset: string): string => `first/${encodeURIComponent(preset)}.json`;

/**
 * The first view an embed link is shown before the page's script has come: the one drawn for
 * exactly its parameters (embedFirstLink), in any order, with at most an `origin=` besides, which
 * changes nothing drawn where it is an origin (a bad one puts a banner on the page). Null for any
 * other link: a preset the build ships no run for, another step, a strategy, other parts, speed,
 * autoplay, anything given twice or not read.
 * @param hash a location hash
 * @param presets the ids of the presets the build drew first views for
 * @returns the preset, the link its file says it is of, and the file's address
 */
export function embedFirstOf(
  hash: string,
  presets: readonly string[],
): { preset: string; link: string; file: string } | null {
  if (!isEmbedHash(hash)) return null;
  const named = readLabLink(hash);
  if (named.kind !== 'preset' || named.preset === null || !presets.includes(named.preset)) return null;
  const link = embedFirstLink(named.preset);
  const parts = hash.replace(/^#/, '').split('&');
  const origins = parts.filter((part) => part.startsWith('origin='));
  // One origin at most, a real one: the page reads it as readEmbedHash does (asOrigin).
  if (origins.length > 1 || origins.some((part) => asOrigin(fieldOf(part)) === null)) return null;
  const given = parts.filter((part) => !part.startsWith('origin='));
  const drawn = link.slice(1).split('&');
  // Each of the link's parts once, and nothing else: a part given twice or not read is a problem
  // the page names, another step or part another view.
  if (given.length !== drawn.length || !drawn.every((part) => given.includes(part))) return null;
  return { preset: named.preset, link, file: embedFirstFile(named.preset) };
}

/** An `origin=` part's value, decoded ('' where it cannot be: no origin). */
function fieldOf(part: string): string {
  try {
    return decodeURIComponent(part.slice(part.indexOf('=') + 1));
  } catch {
    return '';
  }
}
