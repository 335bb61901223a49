// The event table: every step as a row of a real <table>, in step with the cursor (the current
// row is marked and kept in view; its button seeks). It is the accessible text view of the
// timeline. Only the rows in view are rendered (with spacer rows for the rest).

import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useActions, useLabStore } from '../store/context';
import { useShownTrace } from '../store/shown';
import { usePacedCursor } from '../store/pacing/paced';
import { eventRow, rowWindow, scrollToShow, tableResources } from './eventRows';
import { strategyIdOf } from '../../engine';
import { useElementSize } from '../hooks/useElementWidth';

const ROW_PX = 30;
const HEADER_PX = 32;
const VIEWPORT_PX = 320;

/**
 * `label` names the region where a page has two (the recorded view: one per run). `fill`: the box
 * takes the height its container gives it (the embed's frame, whatever the other parts leave),
 * measured, instead of up to VIEWPORT_PX of its own: 320 px under a 900x540 frame's timeline ran
 * past the frame's bottom, and the current row with it.
 */
export function EventTable({
  label = 'Event table, scrollable',
  fill = false,
}: { label?: string; fill?: boolean } = {}) {
  const { trace } = useShownTrace();
  const [measure, measuredPx] = useElementSize<HTMLDivElement>('height');
  // The rows the box shows: as tall as it is drawn, once measured (with fill), else as designed.
  const viewportPx = fill && measuredPx > 0 ? measuredPx : VIEWPORT_PX;
  // Paced: follows the cursor a few times a second while playing (see store/pacing/paced.ts); never past
  // the run so far when the future is hidden.
  const cursor = Math.min(usePacedCursor(useLabStore(), 'table'), trace.steps.length - 1);
  const { seek } = useActions();
  const box = useRef<HTMLDivElement>(null);
  // Where the box is scrolled to. When the cursor (or the trace) changes, the position that keeps
  // the current row in view is worked out here, during render, so the rows for it are drawn in the
  // same commit that scrolls: one layout per update, never a second render after a forced reflow.
  const [view, setView] = useState({ cursor: -1, trace: null as typeof trace | null, top: 0, viewportPx });
  let top = view.top;
  if (view.cursor !== cursor || view.trace !== trace || view.viewportPx !== viewportPx) {
    top = scrollToShow(cursor, view.top, viewportPx, ROW_PX, HEADER_PX) ?? view.top;
    setView({ cursor, trace, top, viewportPx });
  }
  // The box, kept, and measured where it fills its container. One function for the page's life:
  // a new one each render would take the observer down and up again at every step.
  const boxRef = useCallback(
    (node: HTMLDivElement | null) => {
      box.current = node;
      return fill ? measure(node) : undefined;
    },
    [fill, measure],
  );
  // What the box's scrollTop was last set to or seen at, so applying `top` never reads layout.
  const applied = useRef(0);
  const resources = useMemo(() => tableResources(trace), [trace]);
  const system = strategyIdOf(trace.scenario.strategy);
  const storeCount = useMemo(() => trace.parties.filter((p) => p.kind === 'resource').length, [trace]);
  const count = trace.steps.length;

  // Scroll only this box (never the page) to the position the rows were drawn for.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || applied.current === top) return;
    element.scrollTop = top;
    applied.current = top;
  }, [top]);

  const win = rowWindow(top, viewportPx, ROW_PX, count);
  const rows = [];
  for (let i = win.first; i < win.end; i++) rows.push(eventRow(trace.steps[i]!, resources, system));

  return (
    <div
      ref={boxRef}
      className={fill ? 'event-table-box fill' : 'event-table-box'}
      style={fill ? undefined : { height: Math.min(VIEWPORT_PX, HEADER_PX + count * ROW_PX + 2) }}
      onScroll={(e) => {
        const at = e.currentTarget.scrollTop;
        applied.current = at;
        if (at !== top) setView((v) => ({ ...v, top: at }));
      }}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="event-table" aria-rowcount={count + 1}>
        <caption className="visually-hidden">
          Every step of the run, 0 to {count - 1}. The current step is marked; its button and the others move the
          cursor.
        </caption>
        <TableHead resources={resources} storeCount={storeCount} />
        <tbody>
          {win.padTopPx > 0 && <tr aria-hidden="true" className="spacer" style={{ height: win.padTopPx }} />}
          {rows.map((row, slot) => (
            // Keyed by position in the window: scrolling updates rows in place instead of
            // replacing them.
            <EventRow key={slot} row={row} current={row.index === cursor} seek={seek} />
          ))}
          {win.padBottomPx > 0 && <tr aria-hidden="true" className="spacer" style={{ height: win.padBottomPx }} />}
        </tbody>
      </table>
    </div>
  );
}

/** The table's header row; with several stores, the max_seen column says whose values it shows. */
function TableHead({ resources, storeCount }: { resources: readonly string[]; storeCount: number }) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col" className="col-step">
          Step
        </th>
        <th scope="col" className="col-time">
          Time
        </th>
        <th scope="col" className="col-parties">
          Parties
        </th>
        <th scope="col" className="col-event">
          Event
        </th>
        <th scope="col" className="col-token">
          Token
        </th>
        <th scope="col" className="col-verdict">
          Verdict
        </th>
        <th
          scope="col"
          className="col-max"
          title={resources.length ? `max_seen at ${resources.join(', ')}` : undefined}
        >
          max_seen
          {/* With several stores, say whose max_seen this column shows, in the order of its values. */}
          {resources.length > 0 && storeCount > 1 && <span className="col-max__store"> {resources.join(' · ')}</span>}
        </th>
      </tr>
    </thead>
  );
}

/** One step's row; its button (and a click anywhere on it) moves the cursor there. */
function EventRow({
  row,
  current,
  seek,
}: {
  row: ReturnType<typeof eventRow>;
  current: boolean;
  seek: (index: number) => void;
}) {
  return (
    <tr
      aria-rowindex={row.index + 2}
      aria-current={current ? 'step' : undefined}
      className={current ? 'current' : undefined}
      onClick={() => seek(row.index)}
    >
      <td>
        <button
          type="button"
          className="row-seek"
          aria-label={`Go to step ${row.index}`}
          // One tab stop for the whole table (the current row): Tab moves on to the rest
          // of the page instead of through every rendered row.
          tabIndex={current ? 0 : -1}
          onClick={(e) => {
            e.stopPropagation();
            seek(row.index);
          }}
        >
          {row.index}
        </button>
        {row.label && <span className="step-label">{row.label}</span>}
      </td>
      <td>{row.time}</td>
      <td title={row.parties}>{row.parties}</td>
      <td title={row.event}>{row.event}</td>
      <td>{row.token}</td>
      <td className={row.verdict ? `verdict-${row.verdict.toLowerCase()}` : undefined}>
        {/* The tick and cross are for the eye; the cell reads ACCEPT or REJECT. */}
        {row.verdict && <span aria-hidden="true">{row.verdict === 'ACCEPT' ? '✓ ' : '✕ '}</span>}
        {row.verdict}
      </td>
      <td>{row.maxSeen}</td>
    </tr>
  );
}
