// What the timeline's layout tests share: a preset's scenario by id, and a trace laid out whole
// (its fitted window) at the lab's usual drawing size.
import { findPreset, type Scenario, type Trace } from '../../engine';
import { layoutTimeline } from '../timeline/layout';
import type { TimelineLayout } from '../timeline/types';
import { fitWindow } from '../timeline/viewport';

/** The lab's drawing on a laptop, in CSS px. */
export const TIMELINE_SIZE = { width: 1200, height: 420 } as const;

/** The scenario of the preset `id`; throws for an id the engine does not ship. */
export function presetScenario(id: string): Scenario {
  const found = findPreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found.scenario;
}

/** `trace` laid out over its whole run at TIMELINE_SIZE. */
export const layoutWhole = (trace: Trace): TimelineLayout => layoutTimeline(trace, fitWindow(trace), TIMELINE_SIZE);
