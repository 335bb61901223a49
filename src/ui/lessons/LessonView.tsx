// A lesson on screen: what the teacher says, the question, the timeline of the run so far, and the
// panels the step asks for. Presenting, the header goes and the type grows so that the words, the
// question and the timeline fit one projector screen (1280×720 at 150 % zoom), and a larger screen
// shows it zoomed to fill it, as large in proportion.

import { useEffect, useRef, useState, type RefObject } from 'react';
import { PartyCards } from '../cards/PartyCards';
import { MaxSeenChart } from '../chart/MaxSeenChart';
import { Comparison } from '../compare/Comparison';
import { TimelineView, presentTimelineMinPx } from '../layout/TimelineView';
import { laneUnits } from '../timeline/lanes';
import { Verdict } from '../narration/Verdict';
import { LabProvider, useLab } from '../store/context';
import type { LabStore } from '../store/labStore';
import { verdictSettledAt, type LessonPanel } from '../../engine';
import { Cost } from './Cost';
import { handleLessonKey, isTold, SCROLL_MIN_PX } from './keys';
import { takeHeldPresentKey } from './earlyKeys';
import { LessonBar } from './LessonBar';
import { LessonNav } from './LessonNav';
import { Pseudocode } from './Pseudocode';
import { Question } from './Question';
import type { LessonSession } from './session';
import { Talk } from './Talk';
import { SessionContext, stepOf, useLesson } from './useLesson';
import { adoptStyles } from '../styles/adopt';
import styles from './lessons.css?inline';

// This view's own styles, with its code (styles/adopt.ts).
adoptStyles(styles);

const PANELS: Record<LessonPanel, () => React.JSX.Element> = {
  pseudocode: () => <Pseudocode />,
  cost: () => <Cost />,
  cards: () => <PartyCards />,
  chart: () => <MaxSeenChart />,
  comparison: () => <Comparison />,
  // The lesson's own words (Talk) speak for its runs: the panel does not announce a verdict too.
  verdict: () => <Verdict announce={false} />,
};

/** Panels that would give an open question's answer away wait for it; the whole run's verdict
 * waits until nothing still to come can change it (verdictSettledAt). */
function Panels() {
  const { show, asking } = useLesson((s) => ({ show: stepOf(s)?.show ?? [], asking: s.phase === 'asking' }));
  const settled = useLab((s) => s.cursor >= verdictSettledAt(s.trace));
  const shown = show.filter((p) => !(asking && p === 'comparison') && (p !== 'verdict' || settled));
  if (shown.length === 0) return null;
  return (
    <div className="lesson-panels">
      {shown.map((panel) => (
        <div key={panel} className={`lesson-panel-slot slot-${panel}`}>
          {PANELS[panel]()}
        </div>
      ))}
    </div>
  );
}

/** Presenting, the timeline's key has no room below the drawing: this shows it over the drawing
 * (K does the same), from the drawing's top right corner, which the labels leave free. */
function KeyToggle() {
  const { showKey, toggleKey } = useLesson((s) => ({ showKey: s.showKey, toggleKey: s.toggleKey }));
  return (
    <button
      type="button"
      className="key-toggle"
      aria-pressed={showKey}
      onClick={toggleKey}
      title="What the timeline's marks and bars mean (K)"
    >
      Key
    </button>
  );
}

/** Around the timeline's drawing in the lesson's main area: padding, the gap, the panel's border (px). */
const ROOM_CHROME_PX = 30;

/** The room left for the timeline's drawing in the lesson's main area (px): what the area's height
 * leaves after the words and question above it, and after the timeline's toolbar when it shows
 * (presenting, only zoomed in), kept current as any of them changes size. */
function useRoomBelow(main: RefObject<HTMLElement | null>, top: RefObject<HTMLElement | null>, on: boolean) {
  const [room, setRoom] = useState<number | undefined>(undefined);
  useEffect(() => {
    const m = main.current;
    const t = top.current;
    if (!on || !m || !t) return;
    // A ResizeObserver reports once when it starts observing, then on every change of size. The
    // timeline's box grows when its toolbar comes (a zoom), and the drawing is then made smaller
    // by as much: the box is back to its size, and the toolbar's height no longer changes.
    const observer = new ResizeObserver(() => {
      const toolbar = m.querySelector<HTMLElement>('.tl-toolbar')?.offsetHeight ?? 0;
      setRoom(Math.max(120, Math.floor(m.clientHeight - t.offsetHeight - ROOM_CHROME_PX - toolbar)));
    });
    observer.observe(m);
    observer.observe(t);
    const timeline = m.querySelector('.tl');
    if (timeline) observer.observe(timeline);
    return () => observer.disconnect();
  }, [main, top, on]);
  return on ? room : undefined;
}

/** How far (px) the timeline panel may run under the lesson's bar: its padding, not its drawing. */
const FIT_SLACK_PX = 4;

/** How many times, at most, useWordsFit makes the words smaller (lessons.css, data-fit). */
const WORDS_FIT_STEPS = 3;

/**
 * Presenting, how much smaller the words and the question above the timeline are drawn (0, as
 * designed, to WORDS_FIT_STEPS, each about 7 % smaller: lessons.css), so that the timeline keeps
 * its least height (`timelineMinPx`) on the screen, its axis and the cursor's time above the
 * lesson's bar. A long answer (a wrong pick's explanation, a real system's sentence) pushed the
 * timeline's lower lanes under the bar, on the very step the class was to watch. Made smaller one
 * step at a time, as the words' box is seen too tall with the run still (`busy` false), and
 * never larger again within a part (`where`): back and forth, the sizes would take turns. Drawn as
 * designed again at the next part.
 */
function useWordsFit(
  main: RefObject<HTMLElement | null>,
  top: RefObject<HTMLElement | null>,
  on: boolean,
  timelineMinPx: number,
  where: string,
  busy: boolean,
): number {
  const [fit, setFit] = useState({ where, level: 0 });
  useEffect(() => {
    const m = main.current;
    const t = top.current;
    // Not while the run plays (`busy`): its sentence changes at every step, and one long one on
    // the way would leave its size for the whole part; nor while the part's run is still being
    // computed, the run before it on the screen. Once it is still (the observer reports at once).
    if (!on || busy || !m || !t) return;
    // Reported after the layout, before the paint; the state set here is drawn a frame later (a
    // size set inside the report would be reported again, as a "ResizeObserver loop" error).
    const observer = new ResizeObserver(() => {
      // The timeline's panel, drawn or not yet (its drawing waits for the panel's width).
      const panel = m.querySelector<HTMLElement>('.lesson-timeline .timeline');
      if (!panel) return;
      // What the screen holds besides the words and the drawing: the area's padding, the gap
      // between them, the timeline panel's own (padding, border, its toolbar when zoomed).
      const px = (value: string) => parseFloat(value) || 0;
      const area = getComputedStyle(m);
      const own = getComputedStyle(panel);
      const besides =
        px(area.paddingTop) +
        px(area.paddingBottom) +
        px(area.rowGap) +
        px(own.paddingTop) +
        px(own.paddingBottom) +
        px(own.borderTopWidth) +
        px(own.borderBottomWidth) +
        (m.querySelector<HTMLElement>('.tl-toolbar')?.offsetHeight ?? 0);
      // A few px of the panel's own padding under the bar hide nothing of the drawing. A part
      // that fits as designed is drawn so, whatever an earlier visit to it needed.
      if (t.offsetHeight + besides + timelineMinPx <= m.clientHeight + FIT_SLACK_PX) {
        setFit((f) => (f.where === where ? f : { where, level: 0 }));
        return;
      }
      // One step smaller than what was measured (the words' box says which), however many
      // reports come before the page is drawn again.
      const measured = Number(t.dataset.fit ?? 0);
      const level = Math.min(WORDS_FIT_STEPS, measured + 1);
      setFit((f) => (f.where !== where ? { where, level } : { where, level: Math.max(f.level, level) }));
    });
    observer.observe(m);
    observer.observe(t);
    // The timeline's panel too: its drawing comes after the words on a lesson just opened.
    const panel = m.querySelector('.lesson-timeline');
    if (panel) observer.observe(panel);
    return () => observer.disconnect();
  }, [main, top, on, timelineMinPx, where, busy]);
  return on && fit.where === where ? fit.level : 0;
}

/** The screen presenter mode is laid out for, in CSS px: a 1280×720 projector at 150 % zoom. */
export const PRESENT_SCREEN_PX = { width: 853, height: 480 } as const;

/**
 * Presenting, how much larger than its CSS pixels the lesson is drawn (CSS `zoom`, a number ≥ 1),
 * so it fills a screen of `width` × `height` CSS px as it fills PRESENT_SCREEN_PX: a projector at
 * 100 % zoom shows the words as large, in proportion, as one at 150 %. A smaller screen (a phone,
 * or a browser zoomed further in) gets 1: the lesson as it is laid out, scrolling if it must.
 */
export function presentScale(width: number, height: number): number {
  const fit = Math.min(width / PRESENT_SCREEN_PX.width, height / PRESENT_SCREEN_PX.height);
  return Number.isFinite(fit) && fit > 1 ? Math.floor(fit * 100) / 100 : 1;
}

/** presentScale for the window, kept current as it is resized; 1 when not presenting. */
function usePresentScale(on: boolean): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    // A browser without CSS zoom (Firefox before 126) shows the lesson as it is laid out.
    if (!on || !CSS.supports('zoom', '2')) return undefined;
    const fit = () => setScale(presentScale(window.innerWidth, window.innerHeight));
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [on]);
  return on ? scale : 1;
}

/** Presenting, whether the screen has more than SCROLL_MIN_PX below what it shows (a step's panels, say). */
function useMoreBelow(main: RefObject<HTMLElement | null>, on: boolean): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const m = main.current;
    if (!on || !m) return undefined;
    const check = () => setMore(m.scrollHeight - m.clientHeight - m.scrollTop > SCROLL_MIN_PX);
    const observer = new ResizeObserver(check);
    observer.observe(m);
    for (const child of m.children) observer.observe(child);
    const mutations = new MutationObserver(() => {
      observer.disconnect();
      observer.observe(m);
      for (const child of m.children) observer.observe(child);
      check();
    });
    mutations.observe(m, { childList: true });
    m.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
      m.removeEventListener('scroll', check);
    };
  }, [main, on]);
  return on && more;
}

function Lesson() {
  // The lesson's state on its root, for tests and styles: where it is, and whether a run is playing.
  const playing = useLab((s) => s.playing);
  const {
    presenting,
    blank,
    toggleBlank,
    showKey,
    error,
    dismissError,
    hasQuestion,
    phase,
    where,
    hidesBeliefs,
    focus,
  } = useLesson((s) => ({
    phase: s.phase,
    where: `${s.lesson?.chapters[s.place.chapter]?.id}/${stepOf(s)?.id}`,
    presenting: s.presenting,
    blank: s.blank,
    toggleBlank: s.toggleBlank,
    showKey: s.showKey,
    error: s.error,
    dismissError: s.dismissError,
    hasQuestion: Boolean(stepOf(s)?.question),
    // An open question the drawing would answer: what gives it away waits for the reveal.
    hidesBeliefs: s.phase === 'asking' && stepOf(s)?.question?.hides === 'beliefs',
    focus: stepOf(s)?.focusMs ?? null,
  }));
  // Presenting, the timeline takes the room the words leave, so the whole screen is one view.
  const mainRef = useRef<HTMLElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const room = useRoomBelow(mainRef, topRef, presenting);
  const { units, computing } = useLab((s) => ({ units: laneUnits(s.trace.parties), computing: s.computing }));
  const fit = useWordsFit(mainRef, topRef, presenting, presentTimelineMinPx(units), where, playing || computing);
  // Each step starts at the top of the screen (presenting, the last one may have been scrolled).
  useEffect(() => {
    mainRef.current?.scrollTo({ top: 0 });
  }, [where]);
  const more = useMoreBelow(mainRef, presenting);
  // Zoomed, the lesson's own lengths grow, the screen's height among them: it is divided back out.
  const scale = usePresentScale(presenting);
  return (
    <div
      className={presenting ? `lesson presenting${showKey ? ' show-key' : ''}` : 'lesson'}
      style={scale === 1 ? undefined : { zoom: scale, height: `${100 / scale}vh` }}
      data-phase={phase}
      data-where={where}
      data-playing={playing ? 'yes' : 'no'}
    >
      {!presenting && <LessonBar />}
      {error && <LessonError error={error} dismiss={dismissError} />}
      <main className="lesson-main" ref={mainRef}>
        <div
          className={hasQuestion ? 'lesson-top with-question' : 'lesson-top'}
          ref={topRef}
          data-fit={fit || undefined}
        >
          <Talk />
          <Question />
        </div>
        <div className="lesson-timeline">
          <TimelineView maxHeightPx={room} hideBeliefs={hidesBeliefs} focus={focus} />
          {presenting && <KeyToggle />}
        </div>
        <Panels />
      </main>
      <LessonNav moreBelow={more && isTold(phase, playing)} />
      {blank && <BlankScreen unblank={toggleBlank} />}
    </div>
  );
}

/** What went wrong in the lesson, until dismissed. */
function LessonError({ error, dismiss }: { error: string; dismiss: () => void }) {
  return (
    <p className="error-banner" role="alert">
      {error}{' '}
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </p>
  );
}

/** The screen blanked while presenting. */
function BlankScreen({ unblank }: { unblank: () => void }) {
  // A click (or a tap) brings it back too: a teacher at the board reaches for the mouse.
  return (
    <div
      className="blank-screen"
      role="dialog"
      aria-label="Screen blanked: press B or any arrow, or click, to come back"
      onClick={unblank}
    />
  );
}

export default function LessonView({ store, session }: { store: LabStore; session: LessonSession }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const screen = document.querySelector<HTMLElement>('.lesson.presenting .lesson-main');
      if (handleLessonKey(session, store, event, screen)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    // P pressed while the lesson was loading (its link just opened) counts as pressed now.
    const held = takeHeldPresentKey();
    if (held.switchPresenting) session.getState().setPresenting(!session.getState().presenting);
    return () => {
      held.stop();
      window.removeEventListener('keydown', onKey);
    };
  }, [session, store]);
  return (
    <LabProvider store={store}>
      <SessionContext.Provider value={session}>
        <Lesson />
      </SessionContext.Provider>
    </LabProvider>
  );
}
