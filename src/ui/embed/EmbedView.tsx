// The embed: minimal chrome for an iframe on a docs page (the timeline, the narration line and a
// compact transport by default; `show=` picks the parts), fitted to the frame, with a link back to
// the full lab at the same view, driven by the embed link and by the parent's postMessage commands.
// Invariant: it drives the same lab store as the lab; the cards, the event table and the
// comparison load only when shown.

import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { Transport } from '../controls/Transport';
import { useKeyboard } from '../controls/useKeyboard';
import { ErrorBanner } from '../header/ErrorBanner';
import { FittedNarration } from '../narration/FittedNarration';
import { defaultHeight, LANE_HEIGHT_MIN_PX } from '../timeline/geometry';
import { laneUnits } from '../timeline/lanes';
import { LabProvider, useLab } from '../store/context';
import type { LabStore } from '../store/labStore';
import { useShownTrace } from '../store/shown';
import { useElementSize } from '../hooks/useElementWidth';
import { Timeline } from '../timeline/Timeline';
import type { Bridge } from './bridge';
import { openEmbed } from './drive';
import { embedRoute } from './route';
import { earlyMessagesHeld } from './early';
import { LinkBack } from './LinkBack';
import { tallestCandidates } from './tallest';
import { adoptStyles } from '../styles/adopt';
import styles from './embed.css?inline';

// This view's own styles, with its code (styles/adopt.ts).
adoptStyles(styles);

// The parts the default embed does not show load only when a link asks for them.
const Comparison = lazy(() => import('../compare/Comparison').then((m) => ({ default: m.Comparison })));
const PartyCards = lazy(() => import('../cards/PartyCards').then((m) => ({ default: m.PartyCards })));
const EventTable = lazy(() => import('../events/EventTable').then((m) => ({ default: m.EventTable })));

function EmbedTimeline({ fixedPx }: { fixedPx: number | null }) {
  const { trace, fullTrace } = useShownTrace();
  const { cursor, seek } = useLab((s) => ({ cursor: s.cursor, seek: s.seek }));
  const [ref, measured] = useElementSize<HTMLElement>('height');
  // The key has no room below the drawing in a frame: shown over it, on demand, so a reader can
  // tell a hatched bar from a red one.
  const [showKey, setShowKey] = useState(false);
  // The section's padding (2 px a side) and border are not the drawing's.
  const height = fixedPx ?? Math.max(0, measured - 6);
  // Never below the lanes' least room (geometry.ts): a short frame scrolls (embed.css) instead.
  // Set on the element, not as a style attribute: the build draws this view into HTML
  // (prerender.tsx), where the Content-Security-Policy refuses style attributes. Said in the
  // markup too (data-min-px), for the page's starter to set on the build's first view.
  const minPx = fixedPx === null ? defaultHeight(laneUnits(trace.parties), LANE_HEIGHT_MIN_PX) + 6 : null;
  const section = useCallback(
    (node: HTMLElement | null) => {
      if (node) node.style.minHeight = minPx === null ? '' : `${minPx}px`;
      return ref(node);
    },
    [ref, minPx],
  );
  return (
    <section
      className={showKey ? 'timeline embed-timeline show-key' : 'timeline embed-timeline'}
      aria-label="Timeline"
      ref={section}
      data-min-px={minPx ?? undefined}
    >
      <button
        type="button"
        className="key-toggle"
        aria-pressed={showKey}
        onClick={() => setShowKey((on) => !on)}
        title="What the timeline's marks and bars mean"
      >
        Key
      </button>
      {height > 0 && <Timeline trace={trace} fitTo={fullTrace} cursor={cursor} onSeek={seek} height={height} />}
    </section>
  );
}

/**
 * The narration, as tall from the start as the run's longest steps need: a fitted frame's timeline
 * then keeps one size while the run plays, rather than shrinking (and dropping its lanes'
 * subtitles) at the first verdict and growing back after.
 */
function EmbedNarration() {
  const trace = useLab((s) => s.trace);
  const candidates = useMemo(() => tallestCandidates(trace), [trace]);
  return <FittedNarration candidates={candidates} />;
}

/** `load()`, called once the page is idle (at most a second from now). */
function whenIdle<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((idle) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => idle(), { timeout: 1000 })
      : setTimeout(idle, 0),
  ).then(load);
}

/** The page's heading, for screen readers: the frame shows the run, not a title. */
function EmbedHeading() {
  const name = useLab((s) => s.scenario.name);
  return <h1 className="visually-hidden">Fencelab: {name}</h1>;
}

export default function EmbedView({ store }: { store: LabStore }) {
  useKeyboard(store);
  const options = useStore(embedRoute, (s) => s.options);
  useEffect(() => {
    if (!options) return undefined;
    // The page's first link was opened before the first render (main.tsx): this finds it done.
    const opened = openEmbed(store, options);
    // The postMessage bridge (3 kB) is fetched once the frame has drawn the run and is idle, not
    // with what it draws: nothing drawn needs it, and a command the parent sends meanwhile is kept
    // (early.ts) and run once it listens. `ready` (and an autoplay) come that much later. Where the
    // parent has sent commands already, or the link plays, at once: on a slow phone the frame would
    // otherwise show the link's own step for a second or more before its page's commands are done.
    let bridge: Bridge | null = null;
    let gone = false;
    const load = () => import('./bridge');
    (earlyMessagesHeld() > 0 || options.autoplay ? load() : whenIdle(load)).then(
      ({ startBridge }) => {
        if (gone) return;
        bridge = startBridge({
          store,
          origin: options.origin,
          closed: options.closed,
          opened,
          autoplay: options.autoplay,
        });
      },
      (error: unknown) => {
        if (gone) return;
        console.error('The player could not load its messaging with the page:', error);
        store
          .getState()
          .showError('The player could not load what takes commands from this page: reload it to try again.');
      },
    );
    return () => {
      gone = true;
      bridge?.stop();
    };
  }, [options, store]);
  if (!options) return null;
  const show = options.show;
  const extra = show.has('events') || show.has('cards') || show.has('comparison');
  // The event table alone below the player: it takes what the frame leaves, so its current row is
  // in the frame, not under its bottom edge. With cards or the comparison the page scrolls.
  const eventsOnly = show.has('events') && !show.has('cards') && !show.has('comparison');
  return (
    <LabProvider store={store}>
      <main
        className={eventsOnly ? 'embed embed--events' : extra ? 'embed' : 'embed embed--fit'}
        aria-label="Fencelab player"
      >
        <EmbedHeading />
        <ErrorBanner />
        {show.has('timeline') && <EmbedTimeline fixedPx={extra ? 240 : null} />}
        {show.has('narration') && <EmbedNarration />}
        <div className="embed-bar">
          {show.has('transport') && <Transport />}
          <LinkBack />
        </div>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          {show.has('cards') && <PartyCards />}
          {show.has('events') && <EventTable fill={eventsOnly} />}
          {show.has('comparison') && <Comparison />}
        </Suspense>
      </main>
    </LabProvider>
  );
}
