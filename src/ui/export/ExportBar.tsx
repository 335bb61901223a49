// Three export actions under the lab's timeline: Download SVG, Download PNG (2x), Copy as Mermaid.
// The work is in actions.ts, imported on first click so the lab's first load does not grow.
// Invariant: every outcome is said in the status line (copied, saved, or why not, in a sentence,
// never a stack trace); where the clipboard refuses, the Mermaid text is shown selected to copy.

import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Trace } from '../../engine';
import type { LabState } from '../store/labState';
import { useActions, useLab, useLabStore } from '../store/context';
import type * as ExportActions from './actions';
import './export.css';

const NOTE_MS = 4000;

/** What the last export said, and of which run: a status about another run (the Mermaid text of
 * the run before a strategy switch, shown to copy) is not shown under this one. */
type Status = { text: string; mermaid?: string; of: Trace } | null;

/** How long an export waits for the timeline to be drawn (it is drawn once its width is known). */
const DRAWN_WAIT_MS = 3000;

/** Settles once `container` holds the timeline's drawing, or after DRAWN_WAIT_MS: a click that comes
 * as the page opens exports the drawing that is about to appear instead of refusing. */
function drawn(container: Element): Promise<void> {
  return new Promise((done) => {
    let frame = 0;
    // A timer too: a tab in the background gets no animation frames.
    const timer = setTimeout(finish, DRAWN_WAIT_MS);
    function finish() {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      done();
    }
    const look = () => (container.querySelector('svg.tl-svg') ? finish() : (frame = requestAnimationFrame(look)));
    look();
  });
}

/** The lazily loaded actions: one import, shared by every click. */
type Actions = typeof ExportActions;
let loading: Promise<Actions> | null = null;
const actions = () => (loading ??= import('./actions'));

/**
 * What a picture saved now shows, in a sentence: the timeline is drawn as it is on the screen, up
 * to the cursor. A docs author who saved it as the lab opened (at step 0) got a picture of the
 * run's first moment, everything after it faded, and nothing had said so.
 */
function pictureWords({ trace, cursor, hideFuture }: Pick<LabState, 'trace' | 'cursor' | 'hideFuture'>): string {
  const last = trace.steps.length - 1;
  if (cursor >= last) return 'the whole run, to its last step.';
  const label = trace.steps[cursor]?.label;
  return `the run as far as step ${cursor}${label ? ` (${label})` : ''} of ${last}, the steps after it ${hideFuture ? 'left out' : 'faded'}, as on the screen. For the whole run, move the cursor to the last step (End) and save again.`;
}

/**
 * What the export bar says of this run, and how it is set: a note goes by itself once read, the
 * Mermaid text to copy by hand stays (scrolled into sight) until closed.
 */
function useExportStatus() {
  const store = useLabStore();
  const [said, setSaid] = useState<Status>(null);
  const trace = useLab((s) => s.trace);
  const status = said?.of === trace ? said : null;
  const setStatus = (next: Omit<NonNullable<Status>, 'of'> | null) =>
    setSaid(next && { ...next, of: store.getState().trace });
  // The text to copy by hand, whole on the screen: under the timeline it opened at the window's
  // bottom edge, its first line alone in sight.
  const statusLine = useRef<HTMLDivElement>(null);
  const manual = status?.mermaid !== undefined;
  useEffect(() => {
    if (manual) statusLine.current?.scrollIntoView({ block: 'nearest' });
  }, [manual]);
  useEffect(() => {
    if (!status || status.mermaid) return undefined;
    // Long enough to read: a sentence that says what was saved and how to save the rest is 30 words.
    const timer = setTimeout(() => setSaid(null), Math.max(NOTE_MS, status.text.length * 60));
    return () => clearTimeout(timer);
  }, [status]);
  return { status, setStatus, statusLine };
}

export function ExportBar() {
  const store = useLabStore();
  const { showError } = useActions();
  const bar = useRef<HTMLDivElement>(null);
  const { status, setStatus, statusLine } = useExportStatus();
  const [busy, setBusy] = useState(false);

  /** Runs one action; an ExportError's sentence, or a plain one, goes to the error banner.
   * `picture`: the action draws from the page's drawing, so it waits for it to be drawn. */
  const run = async (what: string, act: (a: Actions, container: Element) => unknown, picture = true) => {
    const container = bar.current?.closest('.timeline');
    setBusy(true);
    let loaded: Actions | null = null;
    try {
      loaded = await actions();
      if (!container) throw new loaded.ExportError('There is no timeline on the page to export yet.');
      if (picture) await drawn(container);
      await act(loaded, container);
    } catch (e) {
      if (loaded && e instanceof loaded.ExportError) showError(e.message);
      else if (!loaded) showError(`Could not ${what}: the export code did not load (is the lab still online?).`);
      else showError(`Could not ${what}: the browser refused.`);
    } finally {
      setBusy(false);
    }
  };

  const copyMermaid = () =>
    run(
      'copy the Mermaid text',
      async (a) => {
        const text = a.mermaidOf(store.getState().trace);
        try {
          await navigator.clipboard.writeText(text);
          setStatus({
            text: `Mermaid text copied (${text.trimEnd().split('\n').length} lines). In Markdown, paste it between a line \`\`\`mermaid and a line \`\`\`.`,
          });
        } catch {
          setStatus({ text: 'Copy this Mermaid text:', mermaid: text });
        }
      },
      false,
    );

  return (
    <div className="export-bar" ref={bar} role="group" aria-label="Export the timeline">
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          void run('save the SVG', (a, c) => {
            a.downloadSvg(c, store.getState().trace);
            setStatus({ text: `SVG saved: ${pictureWords(store.getState())}` });
          })
        }
      >
        Download SVG
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          void run('save the PNG', async (a, c) => {
            await a.downloadPng(c, store.getState().trace);
            setStatus({ text: `PNG saved at twice the pixel density: ${pictureWords(store.getState())}` });
          })
        }
      >
        Download PNG (2x)
      </button>
      <button type="button" disabled={busy} onClick={() => void copyMermaid()}>
        Copy as Mermaid
      </button>
      <ExportStatus status={status} line={statusLine} close={() => setStatus(null)} />
    </div>
  );
}

/** The status line: what the last export said, with the Mermaid text to copy by hand if need be. */
function ExportStatus({
  status,
  line,
  close,
}: {
  status: Status;
  line: RefObject<HTMLDivElement | null>;
  close: () => void;
}) {
  return (
    <div className="export-status" role="status" ref={line}>
      {status?.text}
      {status?.mermaid !== undefined && (
        <>
          <textarea
            aria-label="Mermaid text of this run"
            readOnly
            value={status.mermaid}
            rows={8}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => e.key === 'Escape' && close()}
            autoFocus
          />
          <button type="button" onClick={close}>
            Close
          </button>
        </>
      )}
    </div>
  );
}
