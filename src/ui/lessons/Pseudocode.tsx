// Issue, carry, compare in a few lines of pseudocode, with the line the run is executing at the
// cursor highlighted: a grant runs the lock service's lines, a sent write the client's, and a
// store's verdict the branch it took.

import type { CheckMode, StepKind } from '../../engine';
import { useLab } from '../store/context';

type Part = 'issue' | 'carry' | 'accept' | 'reject';

/** Which lines a step of this kind runs, if any. */
const PART_OF: Partial<Record<StepKind, Part>> = {
  'lock.granted': 'issue',
  'lock.regranted': 'issue',
  'lock.acquired': 'issue',
  'write.sent': 'carry',
  'write.accepted': 'accept',
  'write.rejected': 'reject',
};

type Line = { text: string; part?: Part; indent: number };

const ISSUE_AND_CARRY: Line[] = [
  { text: 'lock service, when a client is granted the lock:', indent: 0 },
  { text: 'counter = counter + 1      # kept durably: never reused', indent: 1, part: 'issue' },
  { text: 'reply(token = counter)', indent: 1, part: 'issue' },
  { text: 'client, for every write while it thinks it holds the lock:', indent: 0 },
  { text: 'send write(data, token)', indent: 1, part: 'carry' },
  { text: 'store, when a write arrives:', indent: 0 },
];

const guarded = (test: string, refusal: string, remember: string): Line[] => [
  { text: `if ${test}:`, indent: 1, part: 'reject' },
  { text: `refuse("${refusal}")`, indent: 2, part: 'reject' },
  { text: 'else:', indent: 1, part: 'accept' },
  { text: remember, indent: 2, part: 'accept' },
  { text: 'save(data)', indent: 2, part: 'accept' },
];

/** The store's lines for the check the run's store makes (the knob `check`), so the code on
 * screen is the code the run runs. */
const STORE_LINES: Record<CheckMode, Line[]> = {
  'reject-le': guarded('token <= max_seen', 'stale token', 'max_seen = token'),
  'reject-lt': guarded('token < max_seen       # equal tokens pass!', 'stale token', 'max_seen = token'),
  'token-seq': guarded('(token, seq) <= (max_seen, max_seq)', 'stale write', 'max_seen, max_seq = token, seq'),
  equal: guarded(
    'token != current        # current: set when the lock changed hands',
    'not the holder',
    '# nothing to remember',
  ),
  validity: guarded("the writer's grant is not the current one", 'not the holder', '# nothing to remember'),
  none: [
    { text: 'save(data)                 # no check: the token is ignored', indent: 1, part: 'accept' },
    { text: '', indent: 1, part: 'reject' },
  ],
};

export function Pseudocode() {
  const { part, check } = useLab((s) => {
    const kind = s.trace.steps[s.cursor]?.kind;
    return { part: kind ? PART_OF[kind] : undefined, check: s.trace.knobs.check };
  });
  const lines = [...ISSUE_AND_CARRY, ...STORE_LINES[check].filter((l) => l.text)];
  return (
    <section className="lesson-panel pseudocode" aria-labelledby="pseudocode-title">
      <h3 id="pseudocode-title">The code at this step</h3>
      {/* It scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too. */}
      <ol className="code" aria-label="Pseudocode of issue, carry and compare" tabIndex={0}>
        {lines.map((line, i) => {
          const on = line.part !== undefined && line.part === part;
          return (
            <li key={i} className={on ? 'line running' : 'line'} data-running={on || undefined}>
              <code>
                {'  '.repeat(line.indent)}
                {line.text}
              </code>
              {on && <span className="visually-hidden"> (running now)</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
