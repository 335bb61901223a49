// The trace as a Mermaid `sequenceDiagram`, for docs authors: a participant per party in lane
// order, an arrow per recorded message (requests, grants, writes and their answers, with tokens;
// heartbeats are not recorded, so never drawn), a note for each verdict (`33 <= 34 -> REJECT`),
// pause, lease end, crash, cut and for each labelled step (`t4`). Invariant: pure formatting of
// trace fields; every text is escaped so no party name or value can end a Mermaid statement.

import type { MessageRecord, Step, Trace } from '../core/trace';
import { strategyIdOf, type KnownStrategyId } from '../core/defaults';
import { formatToken } from '../protocol/tokens';
import { stepPhrase } from './text';
import { uncommittedEdit } from './edits';

/**
 * Text made safe for one Mermaid statement, by Mermaid's own escape (`#<code>;`, a character's
 * decimal code, which Mermaid turns back into the character when it draws):
 * - `#` and `;` (a `;` ends a statement), so no escape can be forged from the text itself;
 * - every `%` (`%%` starts a comment, and `%%{…}%%` a directive that takes over the diagram);
 * - every `$` (`$$…$$` is drawn as KaTeX math);
 * - `<` where it would open an HTML tag (before a letter, `/`, `!` or `?`), so markup is drawn as
 *   text; `<=` and `->` stay as they read.
 * Line breaks become spaces. Shape: any string in, one line out; never throws.
 */
export function mermaidText(text: string): string {
  return text
    .replace(/[#;%$]|<(?=[A-Za-z/!?])/g, (c) => `#${c.charCodeAt(0)};`)
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/** A participant id Mermaid accepts as it is (letters, digits, `_`), else a made-up `P<n>`. */
const participantId = (id: string, index: number): string => (/^[A-Za-z][A-Za-z0-9_]*$/.test(id) ? id : `P${index}`);

/** Kinds of step worth a note besides labelled steps and verdicts. */
const NOTED = new Set<string>([
  'client.paused',
  'client.resumed',
  'lease.expired',
  'node.crashed',
  'node.restarted',
  'network.partitioned',
  'network.healed',
  'clock.jumped',
]);

/** A message's words on its arrow: its type, its token, and a write's value. */
function messageText(message: MessageRecord, sentBy: Step | undefined): string {
  const token = message.token === undefined || message.token === null ? '' : ` token ${formatToken(message.token)}`;
  const value =
    sentBy?.kind === 'write.sent' && sentBy.detail?.value !== undefined ? `, value ${sentBy.detail.value}` : '';
  return `${message.type}${token}${value}`;
}

/** The arrow of a message: delivered `->>`, lost or dropped `-x` (a cross), still in flight `-)`. */
const ARROW: Record<MessageRecord['status'], string> = {
  delivered: '->>',
  dropped: '-x',
  lost: '-x',
  'in-flight': '-)',
};

/** One note line for `step` of `trace`, or null when it needs none. `ids` maps party ids to participants. */
function noteOf(trace: Trace, step: Step, system: KnownStrategyId, ids: ReadonlyMap<string, string>): string | null {
  const w = step.write;
  const label = step.label ? `${step.label}: ` : '';
  if (w) {
    const over = ids.get(w.resource) ?? ids.get(step.party);
    // A stale holder's write that got in is said to be one: the comparison alone reads as fine.
    // A journal edit logged by too few nodes to commit it did not get in (QJM): that is said.
    let stale = '';
    if (w.stale && w.verdict === 'accepted') {
      const uncommitted = uncommittedEdit(trace, step);
      stale = uncommitted ? `, a stale holder's edit, logged ${uncommitted}` : ", a stale holder's write got in";
    }
    return over ? `Note over ${over}: ${mermaidText(`${label}${w.comparison}${stale}`)}` : null;
  }
  if (!step.label && !NOTED.has(step.kind)) return null;
  const over = ids.get(step.party);
  if (!over) return null;
  return `Note over ${over}: ${mermaidText(`${label}${stepPhrase(step, system).action}`)}`;
}

/**
 * `trace` as Mermaid text: `sequenceDiagram`, a title (the scenario's name, and the system it ran
 * under, `systemName`), the participants, then the run in step order (each
 * step's note, then the messages it sent). Times are not drawn; labels say t0 … t6.
 */
export function formatMermaid(trace: Trace, systemName: string): string {
  const system = strategyIdOf(trace.scenario.strategy);
  const ids = new Map(trace.parties.map((p, i) => [p.id, participantId(p.id, i)]));
  const lines = ['sequenceDiagram', `  title ${mermaidText(`${trace.scenario.name}, under ${systemName}`)}`];
  for (const party of trace.parties) lines.push(`  participant ${ids.get(party.id)} as ${mermaidText(party.label)}`);
  const sentAt = new Map<number, MessageRecord[]>();
  for (const m of trace.messages) sentAt.set(m.sentStep, [...(sentAt.get(m.sentStep) ?? []), m]);
  for (const step of trace.steps) {
    const note = noteOf(trace, step, system, ids);
    if (note) lines.push(`  ${note}`);
    for (const m of sentAt.get(step.index) ?? []) {
      const from = ids.get(m.from);
      const to = ids.get(m.to);
      if (from && to) lines.push(`  ${from}${ARROW[m.status]}${to}: ${mermaidText(messageText(m, step))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
