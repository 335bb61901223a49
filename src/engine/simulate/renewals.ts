// The renewals a run's clients send (keepalives, watchdog renewals, session heartbeats that keep
// a lease or session alive), with whether each reached the lock service. They travel as quiet
// messages, which the trace has no record of, so this log is what the timeline draws them from.
// Invariant: one record per quiet message a client sends, in send order; `lost` is set once, when
// the message is dropped on the way, arrives over a cut link, or finds its receiver down.

import type { RenewalRecord } from '../core/trace';

export class RenewalLog {
  private constructor(private readonly records: RenewalRecord[]) {}

  static empty(): RenewalLog {
    return new RenewalLog([]);
  }

  /** Notes a renewal `client` sends to `to` at `atMs` (true time, ms); returns its index. */
  sent(client: string, to: string, atMs: number, dropped: boolean): number {
    this.records.push({ client, to, atMs, lost: dropped });
    return this.records.length - 1;
  }

  /** Notes that renewal `index` never reached its receiver. */
  lost(index: number): void {
    const record = this.records[index];
    if (record) record.lost = true;
  }

  /** An independent log with the same records (a checkpoint's copy). */
  copy(): RenewalLog {
    return new RenewalLog(this.records.map((r) => ({ ...r })));
  }

  /** The records so far, as the trace carries them (copies). */
  list(): RenewalRecord[] {
    return this.records.map((r) => ({ ...r }));
  }
}
