// What a recording measured and what it did not, said beside the recorded run, so nobody reads
// the recorded timeline as more than it is. Invariant: static words plus the recording's own
// facts (server settings, client library, skipped observations); nothing is inferred.

import type { Recording } from '../../engine/surfaces/recorded';

export function MeasuredNote({ rec, skipped }: { rec: Recording; skipped: number }) {
  const settings = Object.entries(rec.server.settings)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return (
    <details className="measured-note">
      <summary>How this was recorded, and what was not measured</summary>
      <ul>
        <li>
          Server: {rec.server.name} {rec.server.version} ({settings}). Clients: {rec.client.library},{' '}
          {rec.client.version}. Recorded {rec.recordedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} on Node{' '}
          {rec.host.node}, {rec.host.platform}.
        </li>
        <li>
          Every time is when a client or the recorder saw something happen, in ms after the start, on one machine’s
          clock. Tokens are the server’s own numbers, exactly. The store’s verdicts are the store’s own.
        </li>
        <li>
          Not measured: the servers’ inner state (the fields on each step are only what had been seen so far), the lock
          protocol’s own messages and keepalives (only writes to the store are drawn as arrows), and the exact moment a
          server acted: the recorder looked at each server every 25 ms.
        </li>
        {skipped > 0 && <li>{skipped} observations of kinds this lab does not draw are left out.</li>}
      </ul>
    </details>
  );
}
