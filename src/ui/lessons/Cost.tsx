// What fencing costs the store, counted on the run so far: one comparison for each write that
// reaches it, one update of max_seen for each it accepts, and one remembered number per store.

import { useMemo } from 'react';
import type { Trace } from '../../engine';
import { useLab } from '../store/context';

export interface StoreCost {
  store: string;
  comparisons: number;
  updates: number;
  maxSeen: string;
}

/** Each store's counts after step `cursor`, read off its card's fields. */
function costsAt(trace: Trace, cursor: number): StoreCost[] {
  const step = trace.steps[cursor];
  if (!step) return [];
  return trace.parties
    .filter((p) => p.kind === 'resource')
    .map((p) => {
      const fields = step.snapshots[p.id]?.fields ?? {};
      const accepted = Number(fields.accepted ?? 0);
      const rejected = Number(fields.rejected ?? 0);
      return {
        store: p.label,
        comparisons: accepted + rejected,
        updates: accepted,
        maxSeen: String(fields.maxSeen ?? '—'),
      };
    });
}

export function Cost() {
  const { trace, cursor } = useLab((s) => ({ trace: s.trace, cursor: s.cursor }));
  const costs = useMemo(() => costsAt(trace, cursor), [trace, cursor]);
  return (
    <section className="lesson-panel cost" aria-labelledby="cost-title">
      <h3 id="cost-title">What the check has cost the store so far</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Store</th>
            <th scope="col">Comparisons</th>
            <th scope="col">Updates of max_seen</th>
            <th scope="col">Memory</th>
          </tr>
        </thead>
        <tbody>
          {costs.map((c) => (
            <tr key={c.store}>
              <th scope="row">{c.store}</th>
              <td>{c.comparisons}</td>
              <td>{c.updates}</td>
              <td>one number (max_seen = {c.maxSeen}), 8 bytes</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">One comparison and at most one update per write, whatever the number of clients.</p>
    </section>
  );
}
