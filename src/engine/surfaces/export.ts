// The export's public surface: a trace as a Mermaid sequenceDiagram. Loaded when a diagram is
// first exported (the lab's export bar, the CLI's --format mermaid).

import type { Trace } from '../core/trace';
import { findStrategy } from '../strategies/registry';
import { formatMermaid as formatWith } from '../trace/mermaid';

export { mermaidText } from '../trace/mermaid';

/** `trace` as a Mermaid sequenceDiagram (trace/mermaid.ts), titled with its system's name:
 * "The canonical race, under Fencing token (generic pattern)". */
export const formatMermaid = (trace: Trace): string =>
  formatWith(trace, findStrategy(trace.scenario.strategy)?.name ?? trace.scenario.strategy);
