// The page's starter: the one inline script of the built index.html (the first-view plugin in
// vite.config.ts writes it, and the CSP allows it by its hash). It hides the build's first view
// for a link to anything else, asks at once for what the link's first render needs beyond the
// page's own script (the view's code and the preset's shipped run), and starts the page's script.
// Invariant: what it asks for is only files: a wrong guess costs a request, never what the page
// shows, because the page's own code decides what to open and fetches whatever it still lacks.
// It also keeps taps on the first view made before the page takes it over, and does them after.

/**
 * The view a link opens, from its text alone, as src/ui/views.ts's viewOfLink decides it (a test
 * holds the two together). Runs in the page as part of the starter: plain JavaScript, no imports.
 * @param {string} hash a location hash, '#' included or not
 * @returns {'lab' | 'lesson' | 'recorded' | 'embed'}
 */
export function viewOfHash(hash) {
  const bare = hash.replace(/^#/, '');
  if (/^embed(&|$)/.test(bare)) return 'embed';
  if (bare === 'recordings' || /^recording=/.test(bare)) return 'recorded';
  return bare.split('&').some((part) => part === 'lesson' || part.startsWith('lesson=')) ? 'lesson' : 'lab';
}

/**
 * The preset a link names unchanged, whose shipped run (dist/runs/ID.json) its first render
 * draws: `preset=ID` in the lab or an embed, under its own strategy (no `strategy=`, no `s=`), in
 * a link the page can read. Null for anything else: no preset named, a lesson, the recordings, a
 * scenario of one's own, a preset carried to another strategy, an id the build ships no run for,
 * a step or `own=` the page cannot read (a test holds this to src/ui/store/url.ts's decodeHash).
 * @param {string} hash a location hash
 * @param {string[]} presets the ids of the presets whose runs the build ships
 * @returns {string | null}
 */
export function presetOfHash(hash, presets) {
  const view = viewOfHash(hash);
  if (view !== 'lab' && view !== 'embed') return null;
  /** @type {Map<string, string>} */
  const params = new Map();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (part) params.set(eq < 0 ? part : part.slice(0, eq), eq < 0 ? '' : part.slice(eq + 1));
  }
  const id = params.get('preset');
  if (id === undefined || params.has('s') || params.has('strategy')) return null;
  // A link whose step or own= the page cannot read opens the default run instead (store/url.ts).
  const step = params.get('step');
  const own = params.get('own');
  if (step !== undefined && !/^\d{1,9}$/.test(step) && !/^[A-Za-z][A-Za-z0-9_.-]{0,11}$/.test(step)) return null;
  if (own !== undefined && !/^\d{1,9}$/.test(own)) return null;
  try {
    const named = decodeURIComponent(id);
    return presets.includes(named) ? named : null;
  } catch {
    return null;
  }
}

/**
 * Where the build writes the embed's first view of a preset at a step (vite.config.ts,
 * writeEmbedFirstViews), and where the starter asks for it: `first/PRESET/STEP.json`, STEP a
 * step's index or label, or `_` for a link with no step.
 * @param {string} preset @param {string | null} step
 * @returns {string}
 */
export const embedFirstFile = (preset, step) => 'first/' + encodeURIComponent(preset) + '/' + (step ?? '_') + '.json';

/**
 * The embed's first view an embed link opens with, if the build drew one for it (its file,
 * embedFirstFile, and the preset and step the file must say it is of): a link that names a preset
 * the build ships runs for, with no step or one step (an index, or a label as store/url.ts reads
 * one), and nothing else that changes what is drawn. origin= (a real origin: a bad one puts a
 * banner on the page), autoplay and show= naming the default parts change nothing drawn. Null
 * for anything else: another strategy, a scenario of its own, speed=, other parts, anything the
 * page would name as a problem (a test holds this to src/ui/embed/embedUrl.ts's readEmbedHash).
 * A guess from the link's text, as the starter's others: a step the run lacks costs a file not
 * found, and the page draws as before.
 * @param {string} hash a location hash
 * @param {string[]} presets the ids of the presets whose runs the build ships
 * @returns {{ file: string, preset: string, step: string | null } | null}
 */
export function embedFirstOf(hash, presets) {
  const preset = presetOfHash(hash, presets);
  if (preset === null || viewOfHash(hash) !== 'embed') return null;
  /** @type {string | null} */
  let step = null;
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    const [key, value] = eq < 0 ? [part, null] : [part.slice(0, eq), part.slice(eq + 1)];
    if (key === 'step') {
      if (step !== null || value === null || !/^(\d{1,9}|[A-Za-z][A-Za-z0-9_.-]{0,11})$/.test(value)) return null;
      step = String(/^\d/.test(value) ? Number(value) : value);
    } else if (key === 'origin') {
      try {
        const text = decodeURIComponent(value ?? '');
        const url = new URL(text);
        if (!/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, '')) return null;
      } catch {
        return null;
      }
    } else if (key === 'show') {
      if ((value ?? '').split(',').sort().join() !== 'narration,timeline,transport') return null;
    } else if (!['embed', 'preset', 'autoplay'].includes(key)) return null;
  }
  return { file: embedFirstFile(preset, step), preset, step };
}

/**
 * Whether an embed link needs every preset before it can draw (src/ui/store/presets.ts): it
 * names a preset that does not come with the page, or a scenario of its own (which the page
 * tells apart from a preset by its name). A guess from the link's text, as the starter's others:
 * wrong, it costs a file fetched early or late, never what the page shows.
 * @param {string} hash a location hash
 * @param {string[]} withPage the ids of the presets that come with the page
 * @returns {boolean}
 */
export function embedNeedsPresets(hash, withPage) {
  if (viewOfHash(hash) !== 'embed') return false;
  const parts = hash.replace(/^#/, '').split('&');
  if (parts.some((part) => part.startsWith('s='))) return true;
  const preset = parts.find((part) => part.startsWith('preset='))?.slice('preset='.length);
  if (preset === undefined) return false;
  try {
    return !withPage.includes(decodeURIComponent(preset));
  } catch {
    return false;
  }
}

/**
 * The chunks each view's code needs beyond the entry's own (which the starter asks for with it),
 * from Vite's manifest: the view's modules and their static imports, followed all the way down.
 * @param {Record<string, { file: string, name?: string, imports?: string[], isEntry?: boolean }>} manifest
 * @param {Record<string, string | string[]>} views view name → its module, or its modules (the
 *   view's own and what it imports when it opens), as the manifest names them; `chunk:NAME` names
 *   a chunk of vite.config.ts's groups (the manifest keys those by file, not by module)
 * @returns {Record<string, string[]>} view name → chunk files, relative to the site ('assets/…')
 */
export function viewChunks(manifest, views) {
  /** @param {string} key @param {Set<string>} into */
  const closure = (key, into) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest names no entry');
  const theEntry = closure(entry, new Set());
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const [view, modules] of Object.entries(views)) {
    const into = new Set();
    for (const module of [modules].flat()) {
      const group = module.startsWith('chunk:') ? module.slice('chunk:'.length) : null;
      const key =
        group === null ? module : Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]?.name === group);
      if (key === undefined || !manifest[key])
        throw new Error(`the manifest has no chunk for the ${view} view (${module})`);
      closure(key, into);
    }
    out[view] = [...into]
      .filter((key) => !theEntry.has(key))
      .map((key) => /** @type {{ file: string }} */ (manifest[key]).file);
  }
  return out;
}

/**
 * The starter's text.
 * @param {{ head: string, entry: string, imports: string[], chunks: Record<string, string[]>, presets: string[], fallback: string, withPage: string[], engine: string, embedVersion: string, earlyMax: number }} options
 *   head: the inline script index.html already has (it marks a linked page), run first; entry:
 *   the page's script ('./assets/index-….js'); imports: the chunks it imports ('./assets/…'),
 *   asked for with it; chunks: viewChunks(); presets: the ids whose runs
 *   the build ships; fallback: the preset every page starts from; withPage: the presets that come
 *   with the page (an embed naming another asks for chunks.presets too); engine: the engine's id,
 *   which a shipped run's address carries (src/ui/store/shippedRuns.ts, shippedRunUrl);
 *   embedVersion: the embed's first views' version, which their addresses carry; earlyMax: the
 *   most messages held for the player before it listens (src/ui/embed/early.ts, EARLY_MAX)
 * @returns {string}
 */
export function starterScript({
  head,
  entry,
  imports,
  chunks,
  presets,
  fallback,
  withPage,
  engine,
  embedVersion,
  earlyMax,
}) {
  return `${head.trim()}
(() => {
  const viewOfHash = ${viewOfHash.toString()};
  const presetOfHash = ${presetOfHash.toString()};
  const embedNeedsPresets = ${embedNeedsPresets.toString()};
  const embedFirstFile = ${embedFirstFile.toString()};
  const embedFirstOf = ${embedFirstOf.toString()};
  const hash = location.hash;
  const ask = (attributes) => document.head.append(Object.assign(document.createElement('link'), attributes));
  // Every page starts from the default run (main.tsx), then opens the run its link names: asked
  // for now, at the head of the queue (a few kB).
  const presets = ${JSON.stringify(presets)};
  const named = presetOfHash(hash, presets);
  for (const preset of new Set([${JSON.stringify(fallback)}, named ?? ${JSON.stringify(fallback)}]))
    ask({ rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: 'runs/' + encodeURIComponent(preset) + '.json?engine=' + ${JSON.stringify(engine)} });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The page's code, asked for as its script starts, not as the HTML is parsed: fetched before the
    // first paint, it would compete with it for the network and the CPU (Chromium parses scripts
    // as they arrive), and Lighthouse counts all that arrives before the first paint as needed
    // for it. The view's chunks are asked for first, then the script, then the chunks the script
    // imports, rather than once it has run: one round trip, not two. Under a first view on the
    // screen, one file a task: asking for one costs a slow phone about 6 ms, and all at once was a
    // task of 130 ms (4x slower CPU) the page could not answer a tap in. A link to something else
    // has nothing on the screen yet to answer for: its files are asked for at once.
    const later = hash.length > 1 ? (f) => f() : (f) => setTimeout(f, 0);
    const chunks = ${JSON.stringify(chunks)};
    const view = [...(chunks[viewOfHash(hash)] ?? []), ...(embedNeedsPresets(hash, ${JSON.stringify(withPage)}) ? chunks.presets : [])];
    for (const file of new Set(view))
      later(() => ask({ rel: 'modulepreload', href: './' + file, crossOrigin: '', fetchPriority: 'low' }));
    later(() => {
      const main = document.createElement('script');
      main.type = 'module';
      main.crossOrigin = '';
      main.src = ${JSON.stringify(entry)};
      document.head.append(main);
    });
    for (const file of ${JSON.stringify(imports)})
      later(() => ask({ rel: 'modulepreload', href: file, crossOrigin: '', fetchPriority: 'low' }));
  };
  // The first view cannot be used until the page has taken it over (it is inert): a tap on one of
  // its controls meanwhile is kept, and done once the page has (main.tsx sends fencelab:takeover),
  // so a Play pressed as the page appears plays, a moment late, instead of being lost. A list or
  // a field tapped is focused. The lab's first view is taken over as it is, its own controls; an
  // embed's is drawn afresh, and the control now where the tap was is the one used.
  const embedFirst = embedFirstOf(hash, presets);
  if (hash.length <= 1 || embedFirst) {
    const held = [];
    const nameOf = (control) => control.tagName + ':' + (control.getAttribute('aria-label') ?? control.textContent);
    const hold = (event) => {
      const first = document.querySelector('#root > .first-view, #root > .first-embed');
      if (!first || held.length >= 10) return;
      let hit = null;
      for (const control of first.querySelectorAll('button, summary, input, select, label')) {
        const box = control.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right;
        if (inside && event.clientY >= box.top && event.clientY <= box.bottom) hit = control;
      }
      // A tap repeated on the same control is one wish (Play tapped twice because nothing
      // happened), not two: done twice, a toggle would end where it began.
      if (hit && held.at(-1)?.hit !== hit) held.push({ hit, name: nameOf(hit), x: event.clientX, y: event.clientY });
    };
    document.addEventListener('click', hold, true);
    const takeover = () => {
      document.removeEventListener('click', hold, true);
      setTimeout(() => {
        for (const { hit, name, x, y } of held.splice(0)) {
          // An embed's control drawn afresh at the same place, by the same name: a frame resized
          // meanwhile (a review: Key became "Reset"), or a Play the player has turned to Pause,
          // is not another control's tap.
          const found = embedFirst && document.elementFromPoint(x, y)?.closest('button, summary, input, select, label');
          const control = hit.isConnected ? hit : found && nameOf(found) === name ? found : null;
          if (!control || control.disabled) continue;
          const box = control.type === 'checkbox' || control.type === 'radio';
          if (control.tagName === 'SELECT' || (control.tagName === 'INPUT' && !box)) control.focus();
          else control.click();
        }
      }, 0);
    };
    document.addEventListener('fencelab:takeover', takeover, { once: true });
  }
  // On a lesson's link the screen stays empty until the lesson has loaded: a P (present) pressed
  // meanwhile is counted, and handed to the page as it opens the lesson (lessons/earlyKeys.ts,
  // holdPresentKey, asks for it with fencelab:lesson-keys), so the lesson opens presented.
  if (viewOfHash(hash) === 'lesson') {
    let presses = 0;
    const count = (event) => {
      const plain = !event.repeat && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (plain && (event.key === 'p' || event.key === 'P')) presses += 1;
    };
    document.addEventListener('keydown', count);
    const handOver = (event) => {
      document.removeEventListener('keydown', count);
      event.detail.presses += presses;
    };
    document.addEventListener('fencelab:lesson-keys', handOver, { once: true });
  }
  // The page's code is fetched and run once the first view is on the screen (the browser tells
  // the first paint once it is shown), so nothing delays it; where the browser cannot tell, after
  // the first frame. With the first view hidden (a link to something else) there is nothing to
  // wait for, and a paint that never comes (a page opened in the background) is not waited for
  // long. Lighthouse's mobile run (simulated slow 4G, 4x slower CPU), with the code asked for in
  // the HTML: LCP 2.8 s; asked for after the first frame: 1.0 to 2.9 s, as the first frame was shown
  // before the code arrived or not; after the paint is shown: 1.0 s in 8 runs of 8.
  // An embed link the build drew a first view for (embedFirstOf) shows it as soon as it has come,
  // and asks for the page's code once it has been drawn (the next frame), as the lab's first view
  // does: the narration, which a reader reads first, is there in one round trip more than the
  // page, not after all of its code (Lighthouse's mobile run: LCP 1.0 s, was 2.0 s). The page draws
  // its own over it (React replaces what it finds in #root): a copy of the view, not taken over as
  // the lab's is, since its link (the page's address) is not known when it is built.
  // Not found, not the view asked for, slow (over a second) or failing to show, the page starts as
  // for any other link; once the page has started, a view that comes late is not shown.
  if (embedFirst) {
    // The frame's load event now comes before the page's script has run: what the parent posts
    // from then on is kept here, and handed to the page as it starts holding messages itself
    // (src/ui/embed/early.ts asks for them with fencelab:embed-messages), oldest first. Only the
    // parent's: the player takes commands from no one else, and another window's could fill the room.
    const early = [];
    const keep = (event) => event.source === parent && early.length < ${JSON.stringify(earlyMax)} && early.push(event);
    addEventListener('message', keep);
    document.addEventListener('fencelab:embed-messages', (event) => {
      removeEventListener('message', keep);
      event.detail.messages.push(...early);
    }, { once: true });
    fetch(embedFirst.file + '?v=' + ${JSON.stringify(embedVersion)})
      .then((response) => (response.ok ? response.json() : Promise.reject()))
      .then((view) => {
        if (view.preset !== embedFirst.preset || view.step !== embedFirst.step || typeof view.html !== 'string')
          throw new Error('not the first view asked for');
        const show = () => {
          try {
            if (started || location.hash !== hash) return start();
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(view.css);
            // Marked: the embed's code adopts the same sheet, and drops this one then (styles/adopt.ts).
            sheet.fencelabFirst = view.css;
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
            const root = document.getElementById('root');
            root.innerHTML = '<div class="first-embed" inert>' + view.html + '</div>';
            // What the page sets on the element, not in its markup (the CSP refuses style
            // attributes): the timeline's least height (embed/EmbedView.tsx).
            for (const el of root.querySelectorAll('[data-min-px]')) el.style.minHeight = el.dataset.minPx + 'px';
            // The narration keeps the room of the run's tallest steps, as the page's will
            // (FittedNarration measures the same unseen copies, and Narration's reservedStyle
            // keeps it as this does): nothing moves as the page takes over.
            const cells = root.querySelector('.narration-probe__cells');
            const live = root.querySelector('.narration[aria-label]');
            if (cells && live) Object.assign(live.style, { flex: '0 1 ' + cells.offsetHeight + 'px', minHeight: 'min-content' });
            cells?.parentElement.remove();
            requestAnimationFrame(() => setTimeout(start, 0));
          } catch {
            start();
          }
        };
        if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
        else show();
      })
      .catch(start);
    setTimeout(start, 1000);
    return;
  }
  if (hash.length > 1) return start();
  let told = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
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
})();`;
}
