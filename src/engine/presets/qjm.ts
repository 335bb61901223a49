// HDFS QJM's presets: the canonical race (the deposed writer gets no quorum), and a journal node
// that missed the new epoch appending the deposed writer's edit while nothing commits.

import { RACE_ACTIONS, scenarioOf, type Preset } from './build';
import type { StepLabel } from '../core/scenario';

const labels = (cut: StepLabel[], extra: StepLabel[]): StepLabel[] => [
  { label: 't0', kind: 'lock.granted', client: 'Client1', token: 33 },
  { label: 't1', kind: 'client.paused', party: 'Client1' },
  ...cut,
  // No lease expires: epoch 33 is deposed when a journal node promises 34.
  { label: 't2', kind: 'epoch.promised', token: 34 },
  { label: 't3', kind: 'lock.granted', client: 'Client2', token: 34 },
  { label: 't4', kind: 'write.accepted', client: 'Client2', token: 34 },
  { label: 't5', kind: 'client.resumed', party: 'Client1' },
  { label: 't6', kind: 'write.rejected', client: 'Client1', token: 33 },
  ...extra,
];

export const qjmRace: Preset = {
  id: 'qjm-race',
  title: 'HDFS epochs: the canonical race',
  summary:
    'NameNode Client1 writes with epoch 33 and freezes. Client2 gets the journal nodes to promise epoch 34 and writes. When Client1 wakes, every journal node refuses its epoch-33 edit (33 < 34); with no quorum, it aborts.',
  scenario: scenarioOf({
    name: 'HDFS epochs: the canonical race',
    strategy: 'qjm',
    actions: RACE_ACTIONS,
    labels: labels([], [{ label: 'abort', kind: 'lease.lapsed', party: 'Client1' }]),
  }),
};

export const qjmMissedEpoch: Preset = {
  id: 'qjm-missed-epoch',
  title: 'HDFS epochs: a journal node that missed the new epoch',
  summary:
    'Client2 cannot reach JN3, so only JN1 and JN2 promise epoch 34: a quorum. When the deposed Client1 writes, JN3, still at 33, appends its edit to its own log. That local accept is real (the verdict counts it), but JN1 and JN2 refuse, the edit never reaches a quorum, so it never commits, and Client1 aborts. Recovery would discard it.',
  scenario: scenarioOf({
    name: 'HDFS epochs: a lagging journal node accepts, nothing commits',
    strategy: 'qjm',
    actions: [{ atMs: 1000, type: 'partition', a: 'Client2', b: 'JN3' }, ...RACE_ACTIONS],
    labels: labels(
      [{ label: 'cut', kind: 'network.partitioned', party: 'Client2' }],
      [
        { label: 'local', kind: 'write.accepted', party: 'JN3', client: 'Client1' },
        { label: 'abort', kind: 'lease.lapsed', party: 'Client1' },
      ],
    ),
  }),
};

export const QJM_PRESETS: readonly Preset[] = [qjmRace, qjmMissedEpoch];
