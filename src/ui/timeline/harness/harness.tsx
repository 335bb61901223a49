// Dev-only: the timeline alone on a page, for the e2e spec's screenshots and clicks. Reads the
// preset and cursor from the URL (?preset=canonical-race&cursor=16; ?rounds=1200 for a long run;
// &partition=1 to drop a message) and keeps the cursor in local state, so clicks on the timeline
// visibly seek. Not imported by the app; not in the build.

import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { findPreset, type Scenario, type Trace } from '../../../engine';
import { ALL_SIMULATOR } from '../../store/code/allCode';
import { Timeline } from '../Timeline';
import { longScenario } from './longScenario';

function Harness({ trace, initialCursor }: { trace: Trace; initialCursor: number }) {
  const [cursor, setCursor] = useState(initialCursor);
  const step = trace.steps[cursor];
  return (
    <main style={{ padding: '16px 24px', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 20, margin: '0 0 12px' }}>{trace.scenario.name}</h1>
      <p style={{ margin: '0 0 12px' }} data-testid="current-step">
        Step {cursor}
        {step?.label ? ` (${step.label})` : ''}: {step?.text}
      </p>
      <p style={{ margin: '0 0 12px', display: 'flex', gap: 8 }}>
        <button type="button" onClick={() => setCursor((c) => Math.max(0, c - 1))}>
          Step back
        </button>
        <button type="button" onClick={() => setCursor((c) => Math.min(trace.steps.length - 1, c + 1))}>
          Step forward
        </button>
      </p>
      <Timeline trace={trace} cursor={cursor} onSeek={setCursor} />
    </main>
  );
}

const params = new URLSearchParams(location.search);
const preset = findPreset(params.get('preset') ?? 'canonical-race') ?? findPreset('canonical-race')!;
const rounds = Number(params.get('rounds'));
const scenario = rounds > 0 ? longScenario(Math.min(rounds, 5000)) : preset.scenario;
// ?partition=1 cuts Client2 off from Storage while its write is on the wire: a dropped message.
const partitioned: Scenario = {
  ...scenario,
  actions: [
    ...scenario.actions,
    { atMs: 1250, type: 'partition', a: 'Client2', b: 'Storage' },
    { atMs: 1400, type: 'heal', a: 'Client2', b: 'Storage' },
  ],
};
const trace = ALL_SIMULATOR.simulate(params.get('partition') ? partitioned : scenario);
const cursorParam = Number(params.get('cursor') ?? trace.steps.length - 1);
const cursor = Math.max(0, Math.min(Number.isFinite(cursorParam) ? cursorParam : 0, trace.steps.length - 1));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness trace={trace} initialCursor={cursor} />
  </StrictMode>,
);
