// A view's own styles (a lesson's, the recordings', the embed's), which come inside its code rather
// than in the page's style sheet: the page carries that sheet inside its HTML, and every view's
// styles there made the page too big to arrive in a new connection's first round trip (about
// 14 kB; bench:weight reports the page's size). Invariant: each text is added once, after the
// page's own sheet, where the one sheet had it (views' styles came last in it).

const adopted = new Set<string>();

/**
 * Adds `css` (a view's style sheet as text: `import css from './view.css?inline'`) to the page's
 * styles, once, through the CSS object model: the Content-Security-Policy, which refuses an inline
 * <style> it has no hash for, does not govern it. Every browser the lab supports (those with
 * module preloading) can; where the document cannot (a test's DOM), nothing is done.
 */
export function adoptStyles(css: string): void {
  if (adopted.has(css) || typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  // The sheet the page's starter adopted for the embed's first view (boot/starter.ts) is this
  // view's own, adopted again here: the starter's copy goes.
  const kept = document.adoptedStyleSheets.filter((s) => (s as { fencelabFirst?: string }).fencelabFirst !== css);
  document.adoptedStyleSheets = [...kept, sheet];
  adopted.add(css);
}
