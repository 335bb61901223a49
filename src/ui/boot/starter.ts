// The page's starter: the one inline script of the built index.html, bundled by the build from
// inline.ts with what it uses of the link grammar, and allowed by its hash in the CSP (the
// first-view plugin in vite.config.ts). It asks at once for what the link's first render needs
// beyond the page's own script (the view's code and the preset's shipped run) and starts the
// page's script: at once for a link, once the lab's first view is on the screen for none. Until
// the page takes a first view over (the lab's, or an embed's), it keeps the taps on it; on a
// lesson's link, it counts P.
// Invariant: what it asks for is only files: a wrong guess costs a request, never what the page
// shows, because the page's own code decides what to open and fetches whatever it still lacks.

import { readLabLink, viewOfLink } from '../link/grammar';
import type { StarterConfig } from './config';
import { EMBED_FIRST_CSS, embedFirstOf } from './embedFirst';

export type { StarterConfig } from './config';

/**
 * The preset whose shipped run the first render of a lab or embed link draws: the one it names
 * unchanged (`preset=ID`, no `strategy=`, no `s=`, in a link the page can read) where the build
 * ships its run. Null for anything else.
 */
export function shippedPresetOf(hash: string, presets: readonly string[]): string | null {
  const view = viewOfLink(hash);
  if (view !== 'lab' && view !== 'embed') return null;
  const link = readLabLink(hash);
  if (link.kind !== 'preset' || link.strategy !== undefined || link.preset === null) return null;
  return presets.includes(link.preset) ? link.preset : null;
}

/**
 * Whether an embed link needs every preset before it can draw (store/code/presets.ts): it names a
 * scenario of its own (which the page tells apart from a preset by its contents) or a preset that
 * does not come with the page.
 */
export function needsAllPresets(hash: string, withPage: readonly string[]): boolean {
  if (viewOfLink(hash) !== 'embed') return false;
  const link = readLabLink(hash);
  if (link.kind === 'scenario') return true;
  return link.kind === 'preset' && link.preset !== null && !withPage.includes(link.preset);
}

/** The addresses of the runs a page at `hash` draws first, as dist/runs holds them: the default
 * run, which every page starts from, and the one its link names. */
export function runsAskedFor(hash: string, config: StarterConfig): string[] {
  const named = shippedPresetOf(hash, config.presets) ?? config.fallback;
  return [...new Set([config.fallback, named])].map(
    (id) => `runs/${encodeURIComponent(id)}.json?engine=${config.engine}`,
  );
}

/** The chunks of the view a page at `hash` opens ('assets/…'), each once. */
function viewCodeOf(hash: string, config: StarterConfig): string[] {
  const presets = needsAllPresets(hash, config.withPage) ? (config.chunks.presets ?? []) : [];
  return [...new Set([...(config.chunks[viewOfLink(hash)] ?? []), ...presets])];
}

/** Runs the starter in the page, at its address as it is now. */
export function startPage(config: StarterConfig): void {
  const hash = location.hash;
  const ask = (attributes: Partial<HTMLLinkElement>) =>
    document.head.append(Object.assign(document.createElement('link'), attributes));
  // Every page starts from the default run (main.tsx), then opens the run its link names: asked
  // for now, at the head of the queue (a few kB each).
  for (const href of runsAskedFor(hash, config)) ask({ rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The view's chunks first, then the script, then the chunks it imports: one round trip, not
    // two. Under the lab's first view, one file a task, so no one task is long and a tap on the
    // view is answered; a link has nothing on the screen yet to answer for.
    const later = hash.length > 1 ? (f: () => void) => f() : (f: () => void) => void setTimeout(f, 0);
    const preload = (href: string) => ask({ rel: 'modulepreload', href, crossOrigin: '', fetchPriority: 'low' });
    for (const file of viewCodeOf(hash, config)) later(() => preload(`./${file}`));
    later(() => {
      const main = document.createElement('script');
      main.type = 'module';
      main.crossOrigin = '';
      main.src = config.entry;
      document.head.append(main);
    });
    for (const file of config.imports) later(() => preload(file));
  };
  if (hash.length <= 1) holdTaps('#root > .first-view', labTakeover);
  if (viewOfLink(hash) === 'lesson') countPresentKeys();
  const embedFirst = embedFirstOf(hash, config.presets);
  if (embedFirst) return showEmbedFirst(embedFirst, config, start);
  // A link's first view is hidden (index.html marks the page linked): nothing to wait for.
  if (hash.length > 1) return start();
  afterFirstPaint(start);
}

/** What the build's embed first view file holds (vite.config.ts, writeEmbedFirstViews). */
interface EmbedFirstFile {
  preset: string;
  link: string;
  html: string;
}

/**
 * For the one embed link the build drew a preset's first view for (embedFirst.ts): shows it as
 * soon as it has come, and calls `start` once it has been drawn (the next frame), as the lab's
 * first view does, so the narration, which a reader reads first, is there one round trip after
 * the page, not after all of its code. The page draws its own over it (React replaces what it
 * finds in #root). Not found, not the view asked for, slow (over a second) or failing to show,
 * the page starts as for any other link; once the page has started, a view that comes late is
 * not shown. What the parent posts meanwhile is held for the page (holdParentMessages).
 */
function showEmbedFirst(
  embedFirst: NonNullable<ReturnType<typeof embedFirstOf>>,
  config: StarterConfig,
  start: () => void,
): void {
  const hash = location.hash;
  let started = false;
  const begin = () => {
    started = true;
    start();
  };
  holdParentMessages(config.earlyMax);
  holdTaps('#root > .first-embed', embedTakeover);
  const get = (file: string) =>
    fetch(`${file}?v=${config.embedVersion}`).then((response) => (response.ok ? response : Promise.reject()));
  Promise.all([
    get(embedFirst.file).then((response) => response.json() as Promise<EmbedFirstFile>),
    get(EMBED_FIRST_CSS).then((response) => response.text()),
  ])
    .then(([view, css]) => {
      if (view.link !== embedFirst.link || typeof view.html !== 'string') throw new Error('not the view asked for');
      const show = () => {
        try {
          if (started || location.hash !== hash) return begin();
          drawEmbedFirst(view.html, css);
          requestAnimationFrame(() => setTimeout(begin, 0));
        } catch {
          begin();
        }
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
      else show();
    })
    .catch(begin);
  setTimeout(begin, 1000);
}

/** Puts the build's embed first view (`html`) in #root, inert, with the embed's style sheet. */
function drawEmbedFirst(html: string, css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  // Marked: the embed's code adopts the same sheet, and drops this one then (styles/adopt.ts).
  Object.assign(sheet, { fencelabFirst: css });
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const root = document.getElementById('root')!;
  root.innerHTML = `<div class="first-embed" inert>${html}</div>`;
  // What the page sets on the element, not in its markup (the CSP refuses style attributes): the
  // timeline's least height (embed/EmbedView.tsx).
  for (const el of root.querySelectorAll<HTMLElement>('[data-min-px]')) el.style.minHeight = `${el.dataset.minPx}px`;
  // The narration keeps the room of the run's tallest steps, as the page's will (FittedNarration
  // measures the same unseen copies, and Narration keeps it as a basis as this does): nothing
  // moves as the page draws its own.
  const cells = root.querySelector<HTMLElement>('.narration-probe__cells');
  const live = root.querySelector<HTMLElement>('.narration[aria-label]');
  if (cells && live) Object.assign(live.style, { flex: `0 1 ${cells.offsetHeight}px`, minHeight: 'min-content' });
  cells?.parentElement?.remove();
}

/**
 * The frame's load event comes before the page's script has run where the starter shows an
 * embed's first view: what the parent posts from then on is kept here, at most `max`, and handed
 * to the page as it starts holding messages itself (embed/early.ts asks for them with
 * fencelab:embed-messages), oldest first. Only the parent's: the player takes commands from no
 * one else.
 */
function holdParentMessages(max: number): void {
  const early: MessageEvent[] = [];
  const keep = (event: MessageEvent) => {
    if (event.source === parent && early.length < max) early.push(event);
  };
  addEventListener('message', keep);
  document.addEventListener(
    'fencelab:embed-messages',
    (event) => {
      removeEventListener('message', keep);
      (event as CustomEvent<{ messages: MessageEvent[] }>).detail.messages.push(...early);
    },
    { once: true },
  );
}

/**
 * Calls `start` once the first view is on the screen: fetched and run before the first paint, the
 * page's code would compete with it for the network and the CPU, and Lighthouse counts all that
 * arrives before the first paint as needed for it. Where the browser cannot tell the first paint,
 * after the first frame; a paint that never comes (a page opened in the background) is not waited
 * for long.
 */
function afterFirstPaint(start: () => void): void {
  let told =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  try {
    if (told)
      new PerformanceObserver((_, observer) => {
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
  } catch {
    told = false; // a browser that lists paint entries but cannot observe them by type
  }
  if (!told) requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, told ? 1500 : 100);
}

/** The controls of a first view a tap is kept for (holdTaps). */
const CONTROLS = 'button, summary, input, select, label, a[href]';

/**
 * A control as a reader tells it: its kind and its name, and which of the controls with the same
 * kind and name it is (0 for the first), among `within`'s.
 */
function controlKey(control: HTMLElement, within: ParentNode): string {
  const key = (el: Element) =>
    `${el.tagName}|${el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent?.trim() ?? ''}`;
  const same = [...within.querySelectorAll(CONTROLS)].filter((el) => key(el) === key(control));
  return `${key(control)}|${same.indexOf(control)}`;
}

/**
 * A first view cannot be used until the page has taken it over (it is inert): a tap on one of its
 * controls meanwhile is kept, and done once the page has (`whenTakenOver` calls back), so a Play
 * pressed as the page appears plays, a moment late, instead of being lost. The lab's first view
 * is taken over as it is (hydrated: its controls are the same elements); an embed's is drawn
 * again, and a tap is done on the page's control of the same kind and name in the same place
 * among them. A list or a field tapped is focused. At most ten are kept.
 * @param first the first view's selector ('#root > .first-view', '#root > .first-embed')
 * @param whenTakenOver calls its argument once the page has drawn its controls
 */
function holdTaps(first: string, whenTakenOver: (replay: () => void) => void): void {
  const held: { control: HTMLElement; key: string }[] = [];
  const hold = (event: MouseEvent) => {
    const view = document.querySelector(first);
    if (!view || held.length >= 10) return;
    let hit: HTMLElement | null = null;
    for (const control of view.querySelectorAll<HTMLElement>(CONTROLS)) {
      const box = control.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right;
      if (inside && event.clientY >= box.top && event.clientY <= box.bottom) hit = control;
    }
    // A tap repeated on the same control is one wish (Play tapped twice because nothing
    // happened), not two: done twice, a toggle would end where it began.
    if (hit && held.at(-1)?.control !== hit) held.push({ control: hit, key: controlKey(hit, view) });
  };
  document.addEventListener('click', hold, true);
  whenTakenOver(() => {
    document.removeEventListener('click', hold, true);
    setTimeout(() => {
      const root = document.getElementById('root')!;
      const ofPage = () => [...root.querySelectorAll<HTMLElement>(CONTROLS)];
      for (const { control: kept, key } of held.splice(0)) {
        const control = kept.isConnected ? kept : ofPage().find((el) => controlKey(el, root) === key);
        if (!control || (control as HTMLButtonElement).disabled) continue;
        const type = (control as HTMLInputElement).type;
        const field = control.tagName === 'INPUT' && type !== 'checkbox' && type !== 'radio';
        if (control.tagName === 'SELECT' || field) control.focus();
        else control.click();
      }
    }, 0);
  });
}

/** The lab's first view is taken over once main.tsx sends fencelab:takeover. */
const labTakeover = (replay: () => void) => document.addEventListener('fencelab:takeover', replay, { once: true });

/**
 * An embed's first view is taken over once the page has drawn its own player in its place (the
 * page draws it afresh: React replaces what it finds in #root).
 */
const embedTakeover = (replay: () => void) => {
  // The starter runs before the page's body is parsed: #root is looked for as the page changes.
  const drawn = () =>
    !document.querySelector('#root .first-embed') && document.querySelector('#root .embed-bar button');
  new MutationObserver((_, observer) => {
    if (!drawn()) return;
    observer.disconnect();
    replay();
  }).observe(document, { subtree: true, childList: true });
};

/**
 * On a lesson's link the screen stays empty until the lesson has loaded: a P (present) pressed
 * meanwhile is counted, and handed to the page as it opens the lesson (lessons/earlyKeys.ts asks
 * for it with fencelab:lesson-keys), so the lesson opens presented.
 */
function countPresentKeys(): void {
  let presses = 0;
  const count = (event: KeyboardEvent) => {
    const plain = !event.repeat && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (plain && (event.key === 'p' || event.key === 'P')) presses += 1;
  };
  document.addEventListener('keydown', count);
  const handOver = (event: Event) => {
    document.removeEventListener('keydown', count);
    (event as CustomEvent<{ presses: number }>).detail.presses += presses;
  };
  document.addEventListener('fencelab:lesson-keys', handOver, { once: true });
}
