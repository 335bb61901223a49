// The embed player's first views the build draws (src/ui/prerender.tsx, one file per preset) and
// the one link each is shown for: the page's starter shows a preset's file before the page's
// script has come only for a link whose every parameter is the file's, so no other link is shown
// what its player would not draw. Invariant: pure, and imports only the link grammar (the starter
// carries it).

import { isEmbedHash, readEmbedHash, readLabLink } from '../link/grammar';

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
  const options = readEmbedHash(hash);
  if (options.problems.length > 0 || options.closed) return null;
  const named = readLabLink(hash);
  if (named.kind !== 'preset' || named.preset === null || !presets.includes(named.preset)) return null;
  const link = embedFirstLink(named.preset);
  const given = hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => !part.startsWith('origin='));
  const drawn = link.slice(1).split('&');
  if (given.length !== drawn.length || !drawn.every((part) => given.includes(part))) return null;
  return { preset: named.preset, link, file: embedFirstFile(named.preset) };
}
