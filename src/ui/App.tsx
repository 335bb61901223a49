// The app's composition root: the lab's regions and nothing else. State lives in the store the
// caller passes; each region reads what it needs from it.

import { lazy, Suspense, useEffect } from 'react';
import { Comparison } from './compare/Comparison';
import { Transport } from './controls/Transport';
import { useKeyboard } from './controls/useKeyboard';
import { PartyCards } from './cards/PartyCards';
import { MaxSeenChart } from './chart/MaxSeenChart';
import { EventTable } from './events/EventTable';
import { ComputingNote } from './header/ComputingNote';
import { ErrorBanner } from './header/ErrorBanner';
import { FileMenu } from './header/FileMenu';
import { KeysHelp } from './header/KeysHelp';
import { PresetPicker } from './header/PresetPicker';
import { ScenarioIntro } from './header/ScenarioIntro';
import { ShareButton } from './header/ShareButton';
import { EmbedCodeButton } from './header/EmbedCodeButton';
import { ActionsPanel } from './actions/ActionsPanel';
import { useMediaQuery } from './hooks/useMediaQuery';
import { useModelSoon } from './hooks/useModelSoon';
import { Later } from './layout/Later';
import { Tabs } from './layout/Tabs';
import { TimelineView } from './layout/TimelineView';
import { SkipLink } from './layout/SkipLink';
import { Narration } from './narration/Narration';
import { Verdict } from './narration/Verdict';
import { LabProvider } from './store/context';
import type { LabStore } from './store/labStore';
import { loadAllPresets } from './store/code/presets';
import { KnobPicker } from './strategy/KnobPicker';
import { StrategyPicker } from './strategy/StrategyPicker';
import { WhatIfForm } from './whatif/WhatIfForm';
import { PlaybackOptions } from './controls/PlaybackOptions';
import { BackToLesson, StartLessons } from './lessons/LessonEntry';
import { MyLessons, openAndKeep } from './lessons/MyLessons';
import type { LessonSession } from './lessons/session';
import { RecordedEntry } from './recorded/RecordedEntry';
import { ShortestGate } from './breakit/ShortestGate';
import { WhyGate } from './breakit/WhyGate';

export interface AppProps {
  store: LabStore;
  /** The lessons, which the lab opens and comes back from. */
  session: LessonSession;
  /** Writes the URL now (the share button needs it current). */
  flushUrl?: () => Promise<void> | void;
}

/** The Break it view, fetched when its tab is first opened (with the search's page side). */
const BreakIt = lazy(() => import('./breakit/BreakIt'));

/** The width below which the lab is one column (base.css): the side column goes under the run. */
const ONE_COLUMN_QUERY = '(max-width: 900px)';

export function App({ store, session, flushUrl = () => {} }: AppProps) {
  useKeyboard(store);
  useModelSoon(store);
  // The picker and a file opened here name any preset: the store holds them all from when the lab
  // is shown, however the page began (a link, an embed turned into the lab, the recordings closed:
  // store/code/presets.ts). This view's own code brings them (the picker lists them): at once.
  useEffect(() => {
    void loadAllPresets().catch(() => undefined);
  }, []);
  // One column: the timed actions move up under the timeline (in the DOM, so the reading and tab
  // order follow what is seen), instead of waiting below the tables and the verdict.
  const oneColumn = useMediaQuery(ONE_COLUMN_QUERY);
  return (
    <LabProvider store={store}>
      <div className="app">
        <SkipLink target="lab-main">Skip to the run</SkipLink>
        <LabHeader session={session} flushUrl={flushUrl} />
        <ErrorBanner />
        <BackToLesson session={session} />
        <main className="lab-main" id="lab-main" tabIndex={-1}>
          <ScenarioIntro />
          {/* The transport sticks while the run's own views are in sight and lets go at the
              tables (base.css), so it never covers their header rows. */}
          <div className="lab-player">
            <Transport />
            <ComputingNote />
            <Narration verdictSpeaks />
            <WhyGate />
            <TimelineView exportable />
            <Later>
              {oneColumn && <ActionsPanel />}
              <PartyCards />
              <MaxSeenChart />
            </Later>
          </div>
          <Later>
            <RunViewTabs />
          </Later>
        </main>
        <aside className="lab-side" aria-label="Verdict and controls">
          <PlaybackOptions />
          <Verdict />
          <Later>
            <ShortestGate />
          </Later>
          <Later>
            {!oneColumn && <ActionsPanel />}
            <section className="panel" aria-labelledby="strategy-title">
              <h2 id="strategy-title" className="section-title">
                Strategy and knobs
              </h2>
              <StrategyPicker />
              <KnobPicker />
            </section>
          </Later>
        </aside>
      </div>
    </LabProvider>
  );
}

/** The lab's header: its name, the other views, the preset picker and what shares or opens a run. */
function LabHeader({ session, flushUrl }: Required<Pick<AppProps, 'session' | 'flushUrl'>>) {
  return (
    <header className="app-header">
      <div className="brand">
        <div className="brand-row">
          <h1>Fencelab</h1>
          <nav className="views-nav" aria-label="Other views">
            <StartLessons session={session} />
            <MyLessons session={session} />
            <RecordedEntry />
          </nav>
        </div>
        <p className="tagline">A lock you hold is not a lock you enforce.</p>
      </div>
      <PresetPicker />
      <div className="header-actions">
        <ShareButton flush={flushUrl} />
        <EmbedCodeButton flush={flushUrl} />
        <FileMenu onLesson={(raw, source) => void openAndKeep(session, raw, source)} />
        <KeysHelp />
      </div>
    </header>
  );
}

/** The run's tables under the player: the event table, the comparison with the what-if form, and
 * Break it (the search for the fewest faults that break a design). */
function RunViewTabs() {
  return (
    <Tabs
      label="Views of the run"
      tabs={[
        { id: 'events', label: 'Event table', render: () => <EventTable /> },
        {
          id: 'compare',
          label: 'Compare strategies',
          render: () => (
            <>
              <WhatIfForm />
              <Comparison />
            </>
          ),
        },
        {
          id: 'breakit',
          label: 'Break it',
          render: () => (
            <Suspense fallback={<p className="breakit-loading">Loading Break it…</p>}>
              <BreakIt />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
