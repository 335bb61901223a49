// @vitest-environment jsdom
// The page's starter in a page: what it asks for and when, the taps it keeps on the lab's first
// view, the P it counts on a lesson's link. How it reads a link is the link grammar's (tested there).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { needsAllPresets, runsAskedFor, shippedPresetOf, startPage, type StarterConfig } from './starter';

const CONFIG: StarterConfig = {
  entry: './assets/index-1.js',
  imports: ['./assets/react-1.js'],
  chunks: {
    lab: ['assets/App-1.js', 'assets/presets-1.js'],
    lesson: ['assets/LessonView-1.js'],
    recorded: ['assets/RecordedView-1.js'],
    embed: ['assets/EmbedView-1.js'],
    presets: ['assets/presets-1.js'],
  },
  presets: ['canonical-race', 'etcd-race', 'zookeeper-race'],
  fallback: 'canonical-race',
  withPage: ['canonical-race', 'zookeeper-race'],
  engine: 'abc',
  embedVersion: 'v1',
  earlyMax: 50,
};

/** What the page has asked for so far, in order: `preload HREF`, `modulepreload HREF`, `script SRC`. */
const asked = () =>
  [...document.head.children].map((el) =>
    el.tagName === 'SCRIPT'
      ? `script ${el.getAttribute('src')}`
      : `${el.getAttribute('rel')} ${el.getAttribute('href')}`,
  );
const code = () => asked().filter((line) => !line.startsWith('preload '));

let paint: (() => void) | null = null;
let frame: (() => void) | null = null;
/** The page's timers, a queue of tasks: `due(ms)` runs those due by then (and those they set). */
let timers: { f: () => void; at: number }[] = [];
let now = 0;
const step = (): boolean => {
  const next = [...timers].sort((a, b) => a.at - b.at)[0];
  if (!next || next.at > now) return false;
  timers = timers.filter((t) => t !== next);
  next.f();
  return true;
};
const due = (ms: number) => {
  now = ms;
  while (step());
};

/** Starts the page at `hash`; `paintTold`: the browser tells the first paint (PerformanceObserver). */
function open(hash: string, { paintTold = true } = {}) {
  window.location.hash = hash;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = paintTold ? ['paint'] : [];
      constructor(private readonly told: (list: unknown, observer: { disconnect(): void }) => void) {}
      observe() {
        paint = () => this.told(null, { disconnect: () => {} });
      }
    },
  );
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => (frame = f));
  vi.stubGlobal('setTimeout', (f: () => void, ms = 0) => timers.push({ f, at: now + ms }));
  startPage(CONFIG);
}

beforeEach(() => {
  document.head.replaceChildren();
  document.body.innerHTML = '<div id="root"></div>';
  paint = frame = null;
  timers = [];
  now = 0;
});
afterEach(() => {
  // The listeners a page's starter leaves until the page takes over.
  document.dispatchEvent(new Event('fencelab:takeover'));
  document.dispatchEvent(new CustomEvent('fencelab:lesson-keys', { detail: { presses: 0 } }));
  due(Infinity);
  vi.unstubAllGlobals();
});

describe('what the starter asks for', () => {
  it("names the run a link draws as shipped, and the presets' file where an embed needs it", () => {
    expect(shippedPresetOf('#preset=etcd-race&step=t4', CONFIG.presets)).toBe('etcd-race');
    expect(shippedPresetOf('#embed&preset=%65tcd-race&autoplay', CONFIG.presets)).toBe('etcd-race');
    // Not what the page opens otherwise: carried, its own, unreadable, unknown, or no lab at all.
    for (const hash of [
      '#preset=etcd-race&strategy=zookeeper',
      '#s=abc&preset=etcd-race',
      '#preset=etcd-race&step=bad!',
      '#preset=etcd-race&own=x',
      '#preset=no-such-preset',
      '#lesson=fencing-tokens&preset=etcd-race',
      '#strategy=etcd',
    ])
      expect(shippedPresetOf(hash, CONFIG.presets), hash).toBeNull();
    expect(runsAskedFor('#preset=canonical-race', CONFIG)).toEqual(['runs/canonical-race.json?engine=abc']);
    expect(needsAllPresets('#embed&preset=etcd-race', CONFIG.withPage)).toBe(true);
    expect(needsAllPresets('#embed&s=abc', CONFIG.withPage)).toBe(true);
    expect(needsAllPresets('#embed&preset=zookeeper-race', CONFIG.withPage)).toBe(false);
    expect(needsAllPresets('#preset=etcd-race', CONFIG.withPage)).toBe(false); // the lab's code asks itself
  });

  it("asks for a link's runs, its view's code and the page's script at once", () => {
    open('#embed&preset=etcd-race&step=t4');
    expect(asked()).toEqual([
      'preload runs/canonical-race.json?engine=abc',
      'preload runs/etcd-race.json?engine=abc',
      'modulepreload ./assets/EmbedView-1.js',
      'modulepreload ./assets/presets-1.js',
      'script ./assets/index-1.js',
      'modulepreload ./assets/react-1.js',
    ]);
  });

  it('with no link, asks for the default run at once and for the code once the first view is painted, a file a task', () => {
    open('');
    expect(asked()).toEqual(['preload runs/canonical-race.json?engine=abc']);
    due(0);
    expect(code()).toEqual([]);
    paint!();
    // The start, then each file in a task of its own (no one task is long under a tap).
    const seen: number[] = [];
    while (step()) seen.push(code().length);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    document.head.replaceChildren();
    open(''); // a paint that is never told (a page opened in the background) is waited for 1.5 s at most
    due(1499);
    expect(code()).toEqual([]);
    due(1500);
    expect(code()).toContain('script ./assets/index-1.js');
    expect(code()).toEqual([
      'modulepreload ./assets/App-1.js',
      'modulepreload ./assets/presets-1.js',
      'script ./assets/index-1.js',
      'modulepreload ./assets/react-1.js',
    ]);
  });

  it('starts after the first frame where the browser cannot tell the first paint, and at most 100 ms late', () => {
    open('', { paintTold: false });
    expect(code()).toEqual([]);
    due(0);
    expect(code()).toEqual([]);
    frame!();
    due(0);
    expect(code()).toContain('script ./assets/index-1.js');
    document.head.replaceChildren();
    open('', { paintTold: false }); // a frame that never comes: a hidden page
    due(99);
    expect(code()).toEqual([]);
    due(100);
    expect(code()).toContain('script ./assets/index-1.js');
  });
});

describe("taps on the lab's first view before the page takes it over", () => {
  /** A control of the first view at x = left..left+40, counting what is done to it. */
  function control(tag: string, left: number, type?: string) {
    const el = document.createElement(tag);
    if (type) el.setAttribute('type', type);
    el.getBoundingClientRect = () => ({ left, right: left + 40, top: 0, bottom: 20 }) as DOMRect;
    const done: string[] = [];
    el.addEventListener('click', () => done.push('click'));
    el.focus = () => done.push('focus');
    document.querySelector('.first-view')!.append(el);
    return done;
  }
  const tap = (x: number) => document.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: 10 }));
  const takeOver = () => {
    document.dispatchEvent(new Event('fencelab:takeover'));
    due(now);
  };
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><div class="first-view" inert></div></div>';
  });

  it('are done once it has: a button clicked, a box ticked, a list focused, a repeated tap once', () => {
    open('');
    const [play, box, list] = [control('button', 0), control('input', 100, 'checkbox'), control('select', 200)];
    for (const x of [20, 20, 20, 120, 220, 1000]) tap(x);
    expect(play).toEqual([]);
    takeOver();
    expect([play, box, list]).toEqual([['click'], ['click'], ['focus']]);
    tap(20); // the page's own now
    takeOver();
    expect(play).toEqual(['click']);
  });

  it('are kept ten at most, and none on a linked page', () => {
    open('');
    const [play, step] = [control('button', 0), control('button', 100)];
    for (let i = 0; i < 15; i++) tap(i % 2 ? 20 : 120);
    takeOver();
    expect(play.length + step.length).toBe(10);
    document.head.replaceChildren();
    open('#preset=etcd-race');
    const linked = control('button', 300);
    tap(320);
    takeOver();
    expect(linked).toEqual([]);
  });
});

it("counts P pressed on a lesson's link before the page runs, and hands the count over once", () => {
  open('#lesson=fencing-tokens&step=t6');
  const press = (key: string, init: KeyboardEventInit = {}) =>
    document.dispatchEvent(new KeyboardEvent('keydown', { key, ...init }));
  press('p');
  press('P');
  press('P', { repeat: true }); // a key held down is one press
  press('p', { ctrlKey: true }); // a browser shortcut, not the lesson's key
  press('ArrowRight');
  const handOver = () => {
    const detail = { presses: 0 };
    document.dispatchEvent(new CustomEvent('fencelab:lesson-keys', { detail }));
    return detail.presses;
  };
  expect(handOver()).toBe(2);
  press('p'); // the page listens itself from now on
  expect(handOver()).toBe(0);
});
