// The page's starter (scripts/first-view.mjs), run as the page runs it: its text in a fake page.
// It must ask for what the link's first render draws (the view's code, the runs), no more, and
// start the page's script; and it must read a link as the page itself reads it (views.ts,
// store/url.ts), or what it asks for is wasted.

import { describe, expect, it } from 'vitest';
import { PRESETS, validateScenario } from '../src/engine';
import { viewOfLink } from '../src/ui/views';
import { decodeHash } from '../src/ui/store/url';
import { unchangedPreset } from '../src/ui/store/shippedRuns';
import { PAGE_PRESETS } from '../src/ui/store/presets';
import { EARLY_MAX } from '../src/ui/embed/early';
import { embedFirstOf, embedNeedsPresets, presetOfHash, starterScript, viewChunks, viewOfHash } from './first-view.mjs';
import { reservedStyle } from '../src/ui/narration/Narration';
import { readEmbedHash } from '../src/ui/embed/embedUrl';

const CHUNKS = {
  lab: ['assets/App-1.js', 'assets/Cards-1.js'],
  lesson: ['assets/LessonView-1.js'],
  recorded: ['assets/RecordedView-1.js'],
  embed: ['assets/EmbedView-1.js', 'assets/shown-1.js'],
  presets: ['assets/presets-1.js'],
};
const IDS = PRESETS.map((p) => p.id);

/** A control of the first view, as the starter sees it: where it is, and what was done to it. */
interface FakeControl {
  tagName: string;
  type?: string;
  disabled?: boolean;
  isConnected: boolean;
  box: { left: number; right: number; top: number; bottom: number };
  done: string[];
  /** Its words (its accessible name, where it has no aria-label). */
  text?: string;
}

const control = (tagName: string, left: number, type?: string): FakeControl => ({
  tagName,
  type,
  isConnected: true,
  box: { left, right: left + 40, top: 10, bottom: 30 },
  done: [],
});

/**
 * Runs the starter in a page at `hash`: what it asked for, and whether it started the script.
 * `controls` are the first view's (none: the page has no first view left).
 */
function startAt(
  hash: string,
  controls: FakeControl[] | null = null,
  {
    paintTold = true,
    observeThrows = false,
    /** What the server has for an embed's first view: its file, none (404), or no answer yet. */
    embedFirst = null as Record<string, unknown> | null | 'pending',
    /** What the page's address says by the time the first view comes (another hash: moved on). */
    hashLater = undefined as string | undefined,
    /** The control the browser finds at a point once the page has drawn its own view. */
    atPoint = null as FakeControl | null,
    /** The document is still being parsed when the first view comes. */
    parsing = false,
  } = {},
) {
  const asked: Record<string, string>[] = [];
  const fetched: string[] = [];
  const points: [number, number][] = [];
  const adopted: string[] = [];
  const windowListeners = new Map<string, ((event: unknown) => void)[]>();
  // #root, as the starter fills it with an embed's first view: the narration's unseen copies are
  // 120 px tall, and are taken away once measured.
  const root = {
    innerHTML: '',
    probesRemoved: false,
    live: { style: {} as Record<string, string> },
    timeline: { dataset: { minPx: '162' }, style: {} as Record<string, string> },
    querySelectorAll: (selector: string) => (selector === '[data-min-px]' ? [root.timeline] : []),
    querySelector(selector: string) {
      if (selector === '.narration[aria-label]') return root.live;
      if (selector === '.narration-probe__cells' && !root.probesRemoved)
        return { offsetHeight: 120, parentElement: { remove: () => (root.probesRemoved = true) } };
      return null;
    },
  };
  const scripts: string[] = [];
  const classes: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { f: () => void; ms: number }[] = [];
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const fake = (c: FakeControl) => ({
    ...c,
    getBoundingClientRect: () => c.box,
    get isConnected() {
      return c.isConnected;
    },
    click: () => c.done.push('click'),
    focus: () => c.done.push('focus'),
    getAttribute: () => null,
    textContent: c.text ?? '',
  });
  // The same element each time it is looked up, as in a page.
  const elements = controls?.map(fake);
  const first = elements && { querySelectorAll: () => elements };
  const document = {
    addEventListener: (type: string, f: (event: unknown) => void, options?: { once?: boolean }) => {
      const once = (event: unknown) => {
        listeners.set(
          type,
          (listeners.get(type) ?? []).filter((g) => g !== once),
        );
        f(event);
      };
      listeners.set(type, [...(listeners.get(type) ?? []), options?.once ? once : f]);
    },
    removeEventListener: (type: string, f: (event: unknown) => void) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((g) => g !== f),
      ),
    querySelector: (selector: string) => (selector === '#root > .first-view, #root > .first-embed' ? first : null),
    elementFromPoint: (x: number, y: number) => {
      points.push([x, y]);
      return atPoint ? { closest: () => fake(atPoint) } : null;
    },
    getElementById: (id: string) => (id === 'root' ? root : null),
    get readyState() {
      return parsing ? 'loading' : 'interactive';
    },
    adoptedStyleSheets: [] as unknown[],
    documentElement: { classList: { add: (name: string) => classes.push(name) } },
    createElement: (tag: string) => ({ tag }),
    head: {
      append: (el: { tag: string; src?: string } & Record<string, string>) => {
        if (el.tag === 'script') scripts.push(el.src!);
        else asked.push(Object.fromEntries(Object.entries(el).filter(([k]) => k !== 'tag')));
      },
    },
  };
  const text = starterScript({
    head: "if (location.hash.length > 1) document.documentElement.classList.add('linked');",
    entry: './assets/index-1.js',
    imports: ['./assets/react-1.js'],
    chunks: CHUNKS,
    presets: IDS,
    fallback: 'canonical-race',
    withPage: PAGE_PRESETS.map((p) => p.id),
    engine: 'abc123',
    embedVersion: 'v1',
    earlyMax: EARLY_MAX,
  });
  const fetch = (url: string) => {
    fetched.push(url);
    if (embedFirst === 'pending') return new Promise(() => undefined);
    if (hashLater !== undefined) location.hash = hashLater;
    return Promise.resolve({ ok: embedFirst !== null, json: () => Promise.resolve(embedFirst) });
  };
  class FakeCSSStyleSheet {
    replaceSync(css: string) {
      adopted.push(css);
    }
  }
  const onWindow = {
    add: (type: string, f: (event: unknown) => void) =>
      windowListeners.set(type, [...(windowListeners.get(type) ?? []), f]),
    remove: (type: string, f: (event: unknown) => void) =>
      windowListeners.set(
        type,
        (windowListeners.get(type) ?? []).filter((g) => g !== f),
      ),
  };
  // The browser's paint timing: an observer of 'paint' entries, told once the first paint is shown.
  const observers: { told: () => void; connected: boolean }[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTold ? ['mark', 'paint'] : ['mark'];
    #entry: { told: () => void; connected: boolean };
    constructor(callback: (list: unknown, observer: FakePerformanceObserver) => void) {
      this.#entry = { told: () => this.#entry.connected && callback({}, this), connected: false };
    }
    observe(options: { type: string; buffered?: boolean }) {
      if (observeThrows) throw new TypeError("Failed to execute 'observe': a member 'type' is not known");
      if (options.type !== 'paint' || !options.buffered) throw new Error(`observes ${JSON.stringify(options)}`);
      this.#entry.connected = true;
      observers.push(this.#entry);
    }
    disconnect() {
      this.#entry.connected = false;
    }
  }
  const location = { hash };
  const parent = { name: 'the parent' };
  new Function(
    'location',
    'parent',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'PerformanceObserver',
    'fetch',
    'CSSStyleSheet',
    'addEventListener',
    'removeEventListener',
    text,
  )(
    location,
    parent,
    document,
    (f: () => void) => frames.push(f),
    (f: () => void, ms: number) => timers.push({ f, ms }),
    FakePerformanceObserver,
    fetch,
    FakeCSSStyleSheet,
    onWindow.add,
    onWindow.remove,
  );
  const started = () => scripts.length;
  return {
    asked,
    fetched,
    adopted,
    /** Where the starter looked for a control the page drew afresh. */
    points,
    root,
    /** The promises the starter made (a fetch, its file read) settled. */
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
    /** The document parsed to its end, as the browser tells its listeners. */
    parsed: () => (listeners.get('DOMContentLoaded') ?? []).forEach((f) => f({})),
    /** A message posted to the page by its parent. */
    /** How many listeners the page's window has for messages. */
    listeningForMessages: () => (windowListeners.get('message') ?? []).length,
    /** A message posted to the page: by its parent unless `source` says otherwise. */
    post: (data: unknown, source: unknown = parent) =>
      (windowListeners.get('message') ?? []).forEach((f) => f({ data, source })),
    /** The page asking for the messages the starter held (embed/early.ts, holdEarlyMessages). */
    takeMessages: () => {
      const detail = { messages: [] as { data: unknown }[] };
      (listeners.get('fencelab:embed-messages') ?? []).forEach((f) => f({ detail }));
      return detail.messages.map((m) => m.data);
    },
    classes,
    started,
    frame: () => frames.splice(0).forEach((f) => f()),
    /** The first paint shown, as the browser tells its observers (twice: once is all it takes). */
    painted: () => [...observers, ...observers].forEach((o) => o.told()),
    /** Runs the first timer due at once, if any: one task. */
    step: () => {
      const next = timers.findIndex((t) => t.ms <= 0);
      if (next < 0) return false;
      timers.splice(next, 1)[0]!.f();
      return true;
    },
    /**
     * Runs the timers set for at most `ms` (the fallback is set for 1500, or 100), each once, in
     * the order they were set, and those they set in turn.
     */
    due: (ms: number) => {
      for (let next = timers.findIndex((t) => t.ms <= ms); next >= 0; next = timers.findIndex((t) => t.ms <= ms))
        timers.splice(next, 1)[0]!.f();
    },
    scripts,
    /** A tap at (x, 20), as the document's listeners get it. */
    tap: (x: number) => (listeners.get('click') ?? []).forEach((f) => f({ clientX: x, clientY: 20 })),
    takeover: () => (listeners.get('fencelab:takeover') ?? []).forEach((f) => f({})),
    /** A key pressed, as the document's listeners get it. */
    key: (key: string, more: Record<string, unknown> = {}) =>
      (listeners.get('keydown') ?? []).forEach((f) => f({ key, ...more })),
    /** The page asking for the presses of P made so far (lessons/earlyKeys.ts, holdPresentKey). */
    handOver: () => {
      const detail = { presses: 0 };
      (listeners.get('fencelab:lesson-keys') ?? []).forEach((f) => f({ detail }));
      return detail.presses;
    },
  };
}

const filesOf = (asked: Record<string, string>[], rel: string) => asked.filter((a) => a.rel === rel).map((a) => a.href);

describe("the page's starter", () => {
  it('reads a link as the page does: the same view, for every kind of link', () => {
    const links = [
      '',
      '#',
      '#preset=canonical-race&step=t6',
      '#s=abc&step=3',
      '#embed',
      '#embed&preset=etcd-race&step=t4',
      '#embedded=1',
      '#lesson=fencing-tokens&chapter=2',
      '#lesson',
      '#preset=canonical-race&lesson=fencing-tokens',
      '#recordings',
      '#recording=etcd-lease',
      '#recordings&x',
    ];
    for (const hash of links) expect(viewOfHash(hash), hash).toBe(viewOfLink(hash));
  });

  it('asks for the run of a preset exactly where the page opens that preset unchanged', async () => {
    const links = [
      '#preset=etcd-race&step=4',
      '#preset=etcd-race&step=t4&own=3',
      '#preset=etcd-race&step=0000000001',
      '#preset=%65tcd-race',
      '#embed&preset=etcd-race&step=t4&autoplay&speed=2',
      '#embed&preset=etcd-race&speed=abc',
      '#preset=etcd-race&step=abc!',
      '#preset=etcd-race&step=-1',
      '#preset=etcd-race&step=1.5',
      '#preset=etcd-race&step=',
      '#preset=etcd-race&step=averyverylonglabel',
      '#preset=etcd-race&step=1234567890',
      '#preset=etcd-race&own=x',
      '#preset=etcd-race&own=',
      '#embed&preset=etcd-race&step=bad!',
      '#preset=etcd-race&strategy=etcd',
      '#preset=canonical-race&strategy=fencing',
      '#embed&preset=etcd-race&strategy=zookeeper',
      '#Preset=etcd-race',
      '#preset=no-such-preset',
    ];
    for (const hash of links) {
      const decoded = await decodeHash(hash);
      // As the page asks for a run (store/shippedRuns.ts): the link's scenario, validated.
      const checked = decoded.kind === 'ok' ? validateScenario(decoded.scenario) : null;
      const page = checked?.ok ? unchangedPreset(checked.scenario) : null;
      const starter = presetOfHash(hash, IDS);
      // Never a run the page does not draw; a run it draws is missed only under strategy=, which
      // names the preset's own strategy in a link the page still reads as that preset.
      if (starter !== null) expect(starter, hash).toBe(page);
      else if (!hash.includes('strategy=')) expect(page, hash).toBeNull();
    }
  });

  it("asks for the default run at once, and for the lab's code once the first view is shown, when the page is opened with no link", () => {
    const page = startAt('');
    expect(filesOf(page.asked, 'preload')).toEqual(['runs/canonical-race.json?engine=abc123']);
    expect(page.asked.find((a) => a.rel === 'preload')).toMatchObject({ as: 'fetch', crossOrigin: 'anonymous' });
    // Once the first paint is shown, not before: the first view is on the screen before the code
    // is fetched or run.
    page.frame();
    page.due(0);
    expect(page.started()).toBe(0);
    expect(filesOf(page.asked, 'modulepreload')).toEqual([]);
    page.painted();
    page.due(0);
    // The view's code, the script, then what the script imports: each asked for once.
    expect(filesOf(page.asked, 'modulepreload')).toEqual([
      './assets/App-1.js',
      './assets/Cards-1.js',
      './assets/react-1.js',
    ]);
    expect(page.scripts).toEqual(['./assets/index-1.js']);
    expect(page.classes).toEqual([]);
    // A paint that is never told (a page opened in the background) is waited for 1.5 s at most.
    const background = startAt('');
    background.due(1499);
    expect(background.started()).toBe(0);
    background.due(1500);
    background.painted();
    background.due(1500);
    expect(background.scripts).toEqual(['./assets/index-1.js']);
    expect(filesOf(background.asked, 'modulepreload')).toHaveLength(3);
  });

  it('starts after the first frame where the browser does not tell the first paint', () => {
    const page = startAt('', null, { paintTold: false });
    page.due(0);
    expect(page.started()).toBe(0);
    page.frame();
    page.due(0);
    expect(page.scripts).toEqual(['./assets/index-1.js']);
    page.due(100);
    expect(page.scripts).toEqual(['./assets/index-1.js']);
    expect(filesOf(page.asked, 'modulepreload')).toHaveLength(3);
    // A frame that never comes (a hidden frame) is waited for 100 ms at most.
    const hidden = startAt('', null, { paintTold: false });
    hidden.due(100);
    expect(hidden.scripts).toEqual(['./assets/index-1.js']);
    // A browser that lists paint entries but cannot observe them by type starts as one that does not.
    const older = startAt('', null, { observeThrows: true });
    older.frame();
    older.due(0);
    expect(older.scripts).toEqual(['./assets/index-1.js']);
  });

  it('asks for each file in a task of its own, so no one task is long', () => {
    const page = startAt('');
    page.painted();
    // The start itself, then one task a file and one for the script.
    let tasks = 0;
    const before = page.asked.length;
    page.step();
    expect(page.asked.length - before).toBe(0);
    while (page.step()) {
      tasks += 1;
      expect(page.asked.length + page.scripts.length - before).toBe(tasks);
    }
    expect(tasks).toBe(4);
  });

  it('keeps the taps on the first view made before the page takes it over, and does them after', () => {
    const play = control('BUTTON', 0);
    const stop = control('INPUT', 100, 'checkbox');
    const scenario = control('SELECT', 200);
    const off = control('BUTTON', 300);
    off.disabled = true;
    const gone = control('BUTTON', 400);
    const page = startAt('', [play, stop, scenario, off, gone]);
    page.tap(20);
    page.tap(120);
    page.tap(220);
    page.tap(320);
    page.tap(420);
    page.tap(1000); // on no control
    page.tap(20);
    gone.isConnected = false; // drawn afresh, not taken over
    expect(play.done).toEqual([]);
    page.takeover();
    page.due(0);
    // Play, the box ticked, the list focused, Play again; never a disabled or replaced control.
    expect([play.done, stop.done, scenario.done, off.done, gone.done]).toEqual([
      ['click', 'click'],
      ['click'],
      ['focus'],
      [],
      [],
    ]);
    // Once the page has its view, a tap is the page's own to handle: none is kept.
    page.tap(20);
    page.takeover();
    page.due(0);
    expect(play.done).toEqual(['click', 'click']);
  });

  it('keeps a tap repeated on one control once, at most ten taps, and none on a linked page', () => {
    const play = control('BUTTON', 0);
    const step = control('BUTTON', 100);
    const page = startAt('', [play, step]);
    // Play tapped three times because nothing happened: one wish, not play-pause-play.
    for (let i = 0; i < 3; i++) page.tap(20);
    for (let i = 0; i < 15; i++) page.tap(i % 2 ? 20 : 120);
    page.takeover();
    page.due(0);
    expect(play.done.length + step.done.length).toBe(10);
    expect(play.done).toHaveLength(5);
    const linked = control('BUTTON', 0);
    const other = startAt('#preset=etcd-race', [linked]);
    other.tap(20);
    other.takeover();
    other.due(0);
    expect(linked.done).toEqual([]);
  });

  it("asks for an embed's code, and for the run of the preset it names as well as the default run", async () => {
    const page = startAt('#embed&preset=etcd-race&step=t4&autoplay');
    await page.settle(); // the build drew no first view for it: the page starts at once
    // A link asks for its code and starts the script at once, before the HTML is parsed further:
    // the first view is hidden, there is no paint to wait for or to keep short tasks for.
    // etcd's race is not among the presets that come with the page: the file of the others too.
    expect(filesOf(page.asked, 'modulepreload')).toEqual([
      './assets/EmbedView-1.js',
      './assets/shown-1.js',
      './assets/presets-1.js',
      './assets/react-1.js',
    ]);
    expect(filesOf(page.asked, 'preload')).toEqual([
      'runs/canonical-race.json?engine=abc123',
      'runs/etcd-race.json?engine=abc123',
    ]);
    expect(page.scripts).toEqual(['./assets/index-1.js']);
    expect(page.classes).toEqual(['linked']);
  });

  it("asks for the other presets' file exactly where an embed needs one of them", async () => {
    const withPage = PAGE_PRESETS.map((p) => p.id);
    const needs = [
      '#embed&preset=etcd-race&step=t4',
      '#embed&preset=%65tcd-race',
      '#embed&preset=etcd-race&strategy=fencing',
      '#embed&s=abc&step=2',
      '#embed&preset=no-such-preset',
    ];
    const needsNot = [
      '#embed',
      '#embed&preset=canonical-race&step=t6',
      '#embed&preset=lease-trust-race&strategy=etcd',
      '#embed&strategy=zookeeper',
      '#embed&preset=%E0%A4%A',
      // Not an embed: the lab's and a lesson's own chunks hold every preset.
      '#preset=etcd-race',
      '#lesson=fencing-tokens',
    ];
    for (const hash of needs) expect(embedNeedsPresets(hash, withPage), hash).toBe(true);
    for (const hash of needsNot) expect(embedNeedsPresets(hash, withPage), hash).toBe(false);
    const page = startAt('#embed&preset=canonical-race&step=t6');
    await page.settle();
    expect(filesOf(page.asked, 'modulepreload')).toEqual([
      './assets/EmbedView-1.js',
      './assets/shown-1.js',
      './assets/react-1.js',
    ]);
  });

  it("reads which embed links the build drew a first view for, and names that view's file", () => {
    const drawn: [string, string, string | null][] = [
      ['#embed&preset=canonical-race&step=t6', 'first/canonical-race/t6.json', 't6'],
      ['#embed&preset=etcd-race', 'first/etcd-race/_.json', null],
      ['#embed&preset=etcd%2Drace&step=early', 'first/etcd-race/early.json', 'early'],
      // By its index too: what "Copy embed code" gives for a step with no label.
      ['#embed&preset=etcd-race&step=0', 'first/etcd-race/0.json', '0'],
      ['#embed&preset=etcd-race&step=0012', 'first/etcd-race/12.json', '12'],
      // The parent's origin, autoplay and the default parts change nothing drawn.
      ['#embed&preset=etcd-race&step=t4&autoplay&origin=https%3A%2F%2Fdocs.example', 'first/etcd-race/t4.json', 't4'],
      ['#embed&preset=etcd-race&step=t4&show=transport,timeline,narration', 'first/etcd-race/t4.json', 't4'],
    ];
    for (const [hash, file, step] of drawn) {
      expect(embedFirstOf(hash, IDS), hash).toEqual({
        file,
        preset: hash.includes('canonical') ? 'canonical-race' : 'etcd-race',
        step,
      });
    }
    for (const hash of [
      '#embed&preset=etcd-race&strategy=zookeeper',
      '#embed&preset=etcd-race&show=timeline,events',
      '#embed&preset=etcd-race&show=timeline',
      '#embed&preset=etcd-race&speed=2',
      '#embed&preset=etcd-race&own=2',
      '#embed&s=abc',
      '#embed',
      '#embed&preset=no-such-preset',
      '#embed&preset=etcd-race&step=bad!',
      '#embed&preset=etcd-race&Step=t4',
      // Found by a review: a path, and a second step= the page reads otherwise.
      '#embed&preset=canonical-race&step=x/../../../runs/canonical-race&step=t6',
      '#embed&preset=canonical-race&step=t2&step=t6',
      '#embed&preset=canonical-race&step=',
      '#embed&preset=canonical-race&step',
      // A bad origin puts a banner on the page, above what the first view draws.
      '#embed&preset=canonical-race&step=t6&origin=docs.example',
      '#embed&preset=canonical-race&step=t6&origin',
      '#embed&preset=canonical-race&step=t6&origin=https%3A%2F%2Fdocs.example%2Fpath',
      '#preset=etcd-race&step=t4', // the lab's own link
    ])
      expect(embedFirstOf(hash, IDS), hash).toBeNull();
  });

  it('gives a first view only to a link the page opens with no problem to name', () => {
    // Held to the page's own reading (embed/embedUrl.ts): a first view under a banner the page then
    // adds would move down as it does.
    const links = [
      '#embed&preset=canonical-race&step=t6&origin=https%3A%2F%2Fdocs.example',
      '#embed&preset=canonical-race&origin=http%3A%2F%2Flocalhost%3A8080%2F',
      '#embed&preset=canonical-race&origin=ftp%3A%2F%2Fdocs.example',
      '#embed&preset=canonical-race&origin=%E0%A4%A',
      '#embed&preset=canonical-race&origin=',
      '#embed&preset=canonical-race&autoplay=1',
      '#embed&preset=canonical-race&show=timeline,narration,transport',
      '#embed&preset=canonical-race&show=narration,timeline,transport,',
      '#embed&preset=canonical-race&show=timeline,narration,transport,cards',
      '#embed&preset=canonical-race&speed=fast',
      '#embed&preset=canonical-race&colour=red',
    ];
    for (const hash of links) {
      const page = readEmbedHash(hash);
      if (embedFirstOf(hash, IDS) !== null) expect([page.problems, page.closed], hash).toEqual([[], false]);
    }
    expect(links.filter((hash) => embedFirstOf(hash, IDS) !== null)).toHaveLength(4);
  });

  const VIEW = {
    preset: 'canonical-race',
    step: 't6',
    css: '.embed{display:flex}',
    html: '<main class="embed">…</main>',
  };

  it("shows an embed's first view once it has come, and starts the page's script after the next frame", async () => {
    const page = startAt('#embed&preset=canonical-race&step=t6', null, { embedFirst: VIEW });
    expect(page.fetched).toEqual(['first/canonical-race/t6.json?v=v1']);
    // Asked for with the run, and nothing else: the page's code would compete with it.
    expect(filesOf(page.asked, 'preload')).toEqual(['runs/canonical-race.json?engine=abc123']);
    expect(filesOf(page.asked, 'modulepreload')).toEqual([]);
    await page.settle();
    expect(page.root.innerHTML).toBe('<div class="first-embed" inert><main class="embed">…</main></div>');
    expect(page.adopted).toEqual(['.embed{display:flex}']);
    // What the page sets on its elements: the timeline's least height, and the narration's room
    // for the run's tallest steps, kept as the page's Narration keeps it.
    expect(page.root.timeline.style.minHeight).toBe('162px');
    expect(page.root.live.style).toEqual(reservedStyle(120, undefined, 'basis'));
    expect(page.root.probesRemoved).toBe(true);
    expect(page.started()).toBe(0);
    page.frame();
    page.step();
    expect(page.scripts).toEqual(['./assets/index-1.js']);
    expect(filesOf(page.asked, 'modulepreload')).toEqual([
      './assets/EmbedView-1.js',
      './assets/shown-1.js',
      './assets/react-1.js',
    ]);
  });

  it("shows an embed's first view that comes while the page is parsed once it is parsed", async () => {
    const page = startAt('#embed&preset=canonical-race&step=t6', null, { embedFirst: VIEW, parsing: true });
    await page.settle();
    expect(page.root.innerHTML).toBe('');
    page.parsed();
    expect(page.root.innerHTML).toContain('<main class="embed">…</main>');
  });

  it('starts the page instead of showing a file that is not the first view the link asked for', async () => {
    for (const embedFirst of [
      null, // a step the run lacks: no file (the page then says there is no such step)
      { ...VIEW, step: 't5' },
      { ...VIEW, preset: 'etcd-race' },
      { css: '', html: '<p>x</p>' }, // another file of the site's, or one from an older build
      { ...VIEW, html: 42 },
    ]) {
      const page = startAt('#embed&preset=canonical-race&step=t6', null, { embedFirst });
      await page.settle();
      expect(page.scripts, JSON.stringify(embedFirst)).toEqual(['./assets/index-1.js']);
      expect(page.root.innerHTML).toBe('');
      expect(page.adopted).toEqual([]);
    }
  });

  it('starts the page at a second where the first view has not come, and does not show it after', async () => {
    const slow = startAt('#embed&preset=canonical-race&step=t6', null, { embedFirst: 'pending' });
    await slow.settle();
    expect(slow.started()).toBe(0);
    slow.due(1000);
    expect(slow.scripts).toEqual(['./assets/index-1.js']);
    const late = startAt('#embed&preset=canonical-race&step=t6', null, { embedFirst: VIEW, parsing: true });
    late.due(1000);
    await late.settle();
    late.parsed();
    expect(late.root.innerHTML).toBe('');
    expect(late.adopted).toEqual([]);
  });

  it('does not show a first view for a link the page has already left', async () => {
    const page = startAt('#embed&preset=canonical-race&step=t6', null, {
      embedFirst: VIEW,
      hashLater: '#embed&preset=canonical-race&step=t2',
    });
    await page.settle();
    expect(page.root.innerHTML).toBe('');
    expect(page.scripts).toEqual(['./assets/index-1.js']);
  });

  it("does the taps on an embed's first view on the controls the page then draws at the same place", async () => {
    const play = { ...control('BUTTON', 100), text: 'Play' };
    const drawn = { ...control('BUTTON', 100), text: 'Play' };
    const page = startAt('#embed&preset=canonical-race&step=t6', [play], { embedFirst: VIEW, atPoint: drawn });
    await page.settle();
    page.tap(110);
    page.tap(115); // the same control again: one wish
    // The page draws its own view: the first view's Play is gone, another is where it was.
    play.isConnected = false;
    page.takeover();
    page.due(0);
    expect(page.points).toEqual([[110, 20]]);
    expect(play.done).toEqual([]);
    expect(drawn.done).toEqual(['click']);
  });

  it('does not do a tap on another control that the page drew where it was', async () => {
    // A review: the frame resized before the page drew, and a tap on Key clicked "Reset to the
    // first step"; a Play the player has turned to Pause is not the Play tapped either.
    for (const [tapped, there] of [
      ['Key', 'Reset to the first step'],
      ['Play', 'Pause'],
    ]) {
      const first = { ...control('BUTTON', 100), text: tapped };
      const drawn = { ...control('BUTTON', 100), text: there };
      const page = startAt('#embed&preset=canonical-race&step=t6', [first], { embedFirst: VIEW, atPoint: drawn });
      await page.settle();
      page.tap(110);
      first.isConnected = false;
      page.takeover();
      page.due(0);
      expect(drawn.done, `${tapped} → ${there}`).toEqual([]);
    }
  });

  it("does not look elsewhere for a control of the lab's own first view that is gone", () => {
    // The lab's first view is taken over as it is: a control gone is one the page did not keep
    // (its code could not be fetched, and the page says so with a button of its own).
    const play = { ...control('BUTTON', 100), text: 'Reload the page' };
    const page = startAt('', [play], { atPoint: { ...control('BUTTON', 100), text: 'Reload the page' } });
    page.tap(110);
    play.isConnected = false;
    page.takeover();
    page.due(0);
    expect(page.points).toEqual([]);
  });

  it("keeps what the parent posts before the page's script runs, and hands it over once, in order", () => {
    // The frame's load event comes before the page's script has run: a docs page's first commands
    // would otherwise be lost (embed/early.ts takes them as it starts holding messages itself).
    const page = startAt('#embed&preset=canonical-race&step=t6', null, { embedFirst: 'pending' });
    page.post({ type: 'pause' });
    page.post({ type: 'play' }, { name: 'another frame' }); // not the parent's: not kept
    page.post({ type: 'seek', step: 't2' });
    for (let i = 0; i < EARLY_MAX + 5; i++) page.post(i);
    const taken = page.takeMessages();
    expect(taken.slice(0, 2)).toEqual([{ type: 'pause' }, { type: 'seek', step: 't2' }]);
    expect(taken).toHaveLength(EARLY_MAX);
    // Handed over, no longer held here: the page holds them from now on.
    expect(page.listeningForMessages()).toBe(0);
  });

  it('asks for no run the link does not draw as shipped', () => {
    for (const hash of [
      '#preset=canonical-race&strategy=etcd&step=0',
      '#s=abc&preset=etcd-race',
      '#preset=no-such-preset',
      '#preset=%E0%A4%A',
      '#lesson=fencing-tokens&preset=etcd-race',
      '#recording=etcd-race',
    ])
      expect(filesOf(startAt(hash).asked, 'preload'), hash).toEqual(['runs/canonical-race.json?engine=abc123']);
    expect(presetOfHash('#preset=etcd%2Drace&step=2', IDS)).toBe('etcd-race');
    const lesson = startAt('#lesson=fencing-tokens');
    expect(filesOf(lesson.asked, 'modulepreload')).toEqual(['./assets/LessonView-1.js', './assets/react-1.js']);
  });

  it("takes each view's chunks from the manifest: the view's own and its imports', not the entry's", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      '_deep.js': { file: 'assets/deep-1.js', imports: ['index.html'] },
      '_mid.js': { file: 'assets/mid-1.js', imports: ['_deep.js', '_shared.js'] },
      'src/ui/embed/EmbedView.tsx': { file: 'assets/EmbedView-1.js', imports: ['_mid.js', 'index.html'] },
    };
    expect(viewChunks(manifest, { embed: 'src/ui/embed/EmbedView.tsx' })).toEqual({
      embed: ['assets/EmbedView-1.js', 'assets/mid-1.js', 'assets/deep-1.js'],
    });
    expect(() => viewChunks(manifest, { lab: 'src/ui/App.tsx' })).toThrow(/no chunk for the lab view/);
  });

  it("gives a view of several modules (a lesson's view and the lessons) all their chunks, each once", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      '_models.js': { file: 'assets/models-1.js', imports: ['_shared.js'] },
      'src/ui/lessons/LessonView.tsx': { file: 'assets/LessonView-1.js', imports: ['_models.js', 'index.html'] },
      'src/engine/surfaces/lessons.ts': { file: 'assets/lessons-1.js', imports: ['_models.js'] },
    };
    expect(
      viewChunks(manifest, { lesson: ['src/ui/lessons/LessonView.tsx', 'src/engine/surfaces/lessons.ts'] }),
    ).toEqual({ lesson: ['assets/LessonView-1.js', 'assets/models-1.js', 'assets/lessons-1.js'] });
    expect(() => viewChunks(manifest, { lesson: ['src/ui/lessons/LessonView.tsx', 'src/nowhere.ts'] })).toThrow(
      /no chunk for the lesson view \(src\/nowhere.ts\)/,
    );
  });

  it("counts P pressed on a lesson's link before the page runs, and hands the count over once", () => {
    const lesson = startAt('#lesson=fencing-tokens&step=t6');
    lesson.key('p');
    lesson.key('P');
    lesson.key('P', { repeat: true }); // a key held down is one press
    lesson.key('p', { ctrlKey: true }); // a browser shortcut, not the lesson's key
    lesson.key('ArrowRight');
    lesson.key('p');
    expect(lesson.handOver()).toBe(3);
    lesson.key('p'); // the page listens itself from now on
    expect(lesson.handOver()).toBe(0);
    const lab = startAt('#preset=canonical-race');
    lab.key('p');
    expect(lab.handOver()).toBe(0);
  });
});
