// The embed link (#embed&preset=ID|s=…&strategy=ID&step=N|LABEL&autoplay&speed=X&show=…&origin=…)
// and the snippet that carries it. The link is read and written by the link grammar
// (link/grammar.ts), whose embed part is passed on here for the embed's modules.

export { embedHashOf, isEmbedHash, readEmbedHash, type EmbedOptions } from '../link/grammar';

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
