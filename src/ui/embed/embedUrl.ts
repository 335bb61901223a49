// The embed link, read and written: #embed&preset=ID|s=…&strategy=ID&step=N|LABEL&autoplay
// &speed=X&show=timeline,narration,transport&origin=https%3A%2F%2Fdocs.example
// The scenario part (preset, s, own, step) is the share link's own encoding (store/url.ts).
// Invariant: reading never throws; what it cannot read it names in `problems` and leaves out,
// except a bad `origin`, which closes the frame to every command (it fails shut, never open).

import { fieldText, hashParams, quotedList } from '../store/url';

/** The parts an embed can show, in the order the page stacks them. */
export const PARTS = ['transport', 'narration', 'timeline', 'events', 'comparison', 'cards'] as const;
export type Part = (typeof PARTS)[number];
export const DEFAULT_PARTS: readonly Part[] = ['timeline', 'narration', 'transport'];

export interface EmbedOptions {
  /** The hash as opened: the scenario part of it is handed to decodeHash. */
  hash: string;
  /** Whether the link names a scenario (preset= or s=); if not, the default scenario stays. */
  hasScenario: boolean;
  strategy: string | null;
  speed: number | null;
  autoplay: boolean;
  show: ReadonlySet<Part>;
  /** The parent's origin commands must come from and events go to; null: any parent, '*'. */
  origin: string | null;
  /** origin= was given but is not an origin: no command is taken, no event is sent. */
  closed: boolean;
  problems: string[];
}

export const isEmbedHash = (hash: string): boolean => /^#?embed(&|$)/.test(hash);

/** "https://docs.example" stays as it is; anything with a path, or not http(s), is not an origin. */
export function asOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === text.replace(/\/$/, '') ? url.origin : null;
  } catch {
    return null;
  }
}

/** What an embed link may carry, after `embed` (docs/embedding.md). */
const EMBED_LINK_KEYS = ['preset', 's', 'own', 'strategy', 'step', 'autoplay', 'speed', 'show', 'origin'];

export function readEmbedHash(hash: string): EmbedOptions {
  const p = hashParams(hash);
  const problems: string[] = [];
  const unread = [...p.keys()].filter((key) => key !== 'embed' && !EMBED_LINK_KEYS.includes(key));
  if (unread.length)
    problems.push(
      `it has ${quotedList(unread)}, which an embed link does not take (it takes ${EMBED_LINK_KEYS.join(', ')})`,
    );
  const show = new Set<Part>();
  const showText = p.get('show');
  if (showText === undefined) DEFAULT_PARTS.forEach((part) => show.add(part));
  else
    for (const name of fieldText(showText).split(',')) {
      const part = PARTS.find((known) => known === name.trim());
      if (part) show.add(part);
      else if (name.trim()) problems.push(`"show" has "${name.trim()}", which is not one of ${PARTS.join(', ')}`);
    }
  let speed: number | null = null;
  const speedText = p.get('speed');
  if (speedText !== undefined) {
    const n = Number(speedText);
    if (speedText !== '' && Number.isFinite(n) && n > 0) speed = n;
    else problems.push(`"speed" should be a positive number, but the link has "${speedText}"`);
  }
  const originText = p.get('origin');
  const origin = originText === undefined ? null : asOrigin(fieldText(originText));
  if (originText !== undefined && origin === null)
    problems.push(
      `"origin" should be an origin such as https://docs.example, but the link has "${fieldText(originText)}"`,
    );
  const strategy = p.get('strategy');
  return {
    hash,
    hasScenario: p.has('preset') || p.has('s'),
    strategy: strategy === undefined ? null : fieldText(strategy),
    speed,
    autoplay: p.has('autoplay') && p.get('autoplay') !== '0' && p.get('autoplay') !== 'false',
    show,
    origin,
    closed: originText !== undefined && origin === null,
    problems,
  };
}

/**
 * The embed link of a lab link (`#preset=ID[&strategy=ID]&step=N|LABEL` or `#s=…&step=…`, as
 * currentLink writes it, a labelled step by its label), showing `show`.
 */
export function embedHashOf(labHash: string, show: readonly Part[] = DEFAULT_PARTS): string {
  const rest = labHash.replace(/^#/, '');
  const same = show.length === DEFAULT_PARTS.length && show.every((part) => DEFAULT_PARTS.includes(part));
  return `#embed${rest ? `&${rest}` : ''}${same ? '' : `&show=${show.join(',')}`}`;
}

/** The snippet's height (px): 640x360 fits every run, but a run with compact lanes (Redlock's five
 * masters) draws them under 15 px high there, their names in 9 px type; at 420 they are readable. */
export const snippetHeight = (compactLanes: boolean): number => (compactLanes ? 420 : 360);

/**
 * The copy-paste snippet for a docs page: 640 wide and `height` high (snippetHeight), narrowed to
 * the page on a phone (most runs fit without scrolling down to 390 px wide at that height;
 * docs/embedding.md says what does not).
 */
export function iframeSnippet(src: string, title: string, height: number = snippetHeight(false)): string {
  const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attr(src)}" width="640" height="${height}" style="max-width: 100%" title="${attr(title)}" loading="lazy"></iframe>`;
}
