// Interventions that would change nothing at the cursor, said before they are applied: expiring
// a lease nobody holds, resuming a client that is not paused, restarting a server that is up,
// crashing one that is already down. Invariant: pure; read off the step's snapshots only.

import { grantsEpochs, type Step, type Trace } from '../../engine';

export function noEffect(
  trace: Pick<Trace, 'parties' | 'scenario'>,
  step: Pick<Step, 'snapshots'> | undefined,
  kind: string,
  values: Record<string, string>,
): string | null {
  if (!step) return null;
  const view = (party: string | undefined) => (party ? step.snapshots[party] : undefined);
  switch (kind) {
    case 'expireLease': {
      // HDFS: the journal nodes promise epochs, and nothing times them out.
      if (grantsEpochs(trace.scenario.strategy))
        return 'This system keeps no lease: a writer holds its epoch until another is promised a newer one, so this would change nothing. To depose the writer, make another client acquire the lock.';
      // Every lock server, not the first: one Redlock master can have lost a lock that a majority
      // of the others still hold.
      const locks = trace.parties.filter((p) => p.kind === 'lock').map((p) => view(p.id)?.fields);
      const idle =
        locks.length > 0 &&
        locks.every(
          (fields) => fields !== undefined && 'holder' in fields && (fields.holder === null || fields.holder === ''),
        );
      return idle
        ? 'No one holds the lock at this step, so there is no lease to expire: this would change nothing.'
        : null;
    }
    case 'resume': {
      const client = values.client;
      const v = view(client);
      return v && !v.paused ? `${client} is not paused at this step, so resuming it would change nothing.` : null;
    }
    case 'restart': {
      const server = values.party;
      const v = view(server);
      return v && !v.down
        ? `${server} is up at this step, so restarting it would change nothing. Crash it first: a crash can carry its own restart time.`
        : null;
    }
    case 'crash': {
      const server = values.party;
      const v = view(server);
      return v?.down ? `${server} is already down at this step: crashing it again would change nothing.` : null;
    }
    default:
      return null;
  }
}
