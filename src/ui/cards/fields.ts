// A card's fields in plain words: every field a strategy's machines show gets a label a newcomer
// can read, and a value written the way the rest of the lab writes it ("1,250 ms").
// Invariant: no field name from the engine (camelCase) reaches the page as a label.

import { formatToken, type FieldValue, type PartyKind } from '../../engine';
import { formatNumber } from '../format/number';

const LABELS: Record<string, string> = {
  // The generic lock service, clients and stores.
  counter: 'Counter (last issued)',
  holder: 'Holder',
  token: 'Token',
  leaseExpiresAtMs: 'Lease ends',
  waiters: 'Waiting',
  believedUntilMs: 'Believes it holds until (own clock)',
  writesSent: 'Writes sent',
  lastValue: 'Last value',
  pendingWrites: 'Writes waiting',
  renewals: 'Renewals granted',
  renewalsSent: 'Renewals sent',
  stopsActing: 'Stops acting',
  check: 'Check',
  value: 'Stored value',
  accepted: 'Writes accepted',
  rejected: 'Writes rejected',
  maxSeq: 'max seq',
  sent: 'Emails sent',
  // Redlock.
  expiresAtMs: 'Key expires (own clock)',
  okMasters: 'OK from',
  // ZooKeeper.
  zxid: 'Last transaction (zxid)',
  nodes: 'Lock nodes (lowest holds)',
  parent: 'Parent node',
  sessions: 'Sessions',
  session: 'Session',
  node: 'Its lock node',
  suspended: 'Connection suspended',
  // etcd.
  revision: 'Revision (last write)',
  keys: 'Lock keys (oldest holds)',
  leases: 'Leases',
  valueModRevision: 'Value written at revision',
  lease: 'Lease',
  key: 'Its lock key',
  leaseDeadlineMs: 'Lease ends (own clock)',
  // Chubby.
  generation: 'Generation (last issued)',
  sequencer: 'Sequencer',
  lockDelayUntilMs: 'Lock-delay ends',
  localLeaseUntilMs: 'Session lease ends (own clock)',
  // HDFS epochs (the quorum journal).
  epoch: 'Epoch',
  lastWriterEpoch: 'Epoch of the last writer',
  ipcSerial: 'Last call number',
  lastTxid: 'Last edit written',
  txid: 'Last edit sent',
  committedTxid: 'Edits committed up to',
};

/** Where a strategy's field means something else than the field of the same name elsewhere. */
const STRATEGY_LABELS: Record<string, Partial<Record<PartyKind, Record<string, string>>>> = {
  // A Redis master's `value` is what its lock key holds; a Redlock client's is its random value.
  redlock: { lock: { value: 'Value in the key' }, client: { value: 'Random value' } },
};

export function fieldLabel(key: string, kind: PartyKind, strategy = ''): string {
  return STRATEGY_LABELS[strategy]?.[kind]?.[key] ?? LABELS[key] ?? plainWords(key);
}

/** A field nobody has labelled yet still reads as words: "lastWriterEpoch" -> "Last writer epoch". */
export function plainWords(key: string): string {
  const words = key
    .replace(/Ms$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CHECK_WORDS: Record<string, string> = {
  'reject-le': 'reject token <= max_seen',
  'reject-lt': 'reject token < max_seen',
  'token-seq': 'reject (token, seq) <= max',
  epoch: 'reject epoch < max_seen',
  validity: 'txn guarded by the lock key',
  none: 'none (trusts the client)',
};

/** "1,250 ms": the lab's way of writing a time. */
export const ms = (value: number): string => `${formatNumber(value)} ms`;

/** When a client's application stops acting on the lock (its stop policy), in a few words. */
const STOP_WORDS: Record<string, string> = {
  lost: 'when its library says the lock is lost',
  'first-doubt': 'at the first missed heartbeat or renewal',
  'renew-deadline': 'at a renew deadline, a third of the lease early',
  never: 'never (only when it releases)',
};

export function fieldText(key: string, value: FieldValue): string {
  if (value === null || value === '') return '—';
  if (key === 'stopsActing' && typeof value === 'string') return STOP_WORDS[value] ?? value;
  if (key === 'check' && typeof value === 'string') return CHECK_WORDS[value] ?? value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (key.endsWith('Ms') && typeof value === 'number') return ms(value);
  if (key === 'token' || key === 'maxSeen') return formatToken(value as never);
  // Session and lease lists carry their deadlines as bare numbers: "0x2 Client2 until 2221".
  if ((key === 'sessions' || key === 'leases') && typeof value === 'string') {
    return value.replace(/until (\d+)/g, (_, n: string) => `until ${ms(Number(n))}`);
  }
  return String(value);
}
