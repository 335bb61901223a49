// What a message is, in words a newcomer reads: a lost, dropped or ignored message is told by
// what it carried ("a lock request", "a grant"), never by the type the code gives it
// (`lock.request`, `zk.lockHeld`). Invariant: no dotted type reaches a sentence; a type without
// words here is told as "a message".

const WORDS: Readonly<Record<string, string>> = {
  // The generic lock service and its clients.
  'lock.request': 'a lock request',
  'lock.grant': 'a grant',
  'lock.wait': 'an answer to wait',
  'lock.release': 'a release',
  'lock.renew': 'a renewal request',
  'lock.renewed': 'a renewal',
  'lock.renewFailed': 'a refused renewal',
  // Stores.
  'write.request': 'a write',
  'write.ack': 'an answer that the write was accepted',
  'write.nack': 'an answer that the write was refused',
  'fence.request': "a new holder's token, given at takeover",
  'fence.ack': 'an answer that the store took its token',
  'effect.request': 'a request to send the email',
  // Redis (Redlock).
  'redis.set': 'a SET command',
  'redis.del': 'a DEL command',
  'redis.ok': 'an OK answer',
  'redis.busy': 'an answer that the key is taken',
  // ZooKeeper.
  'zk.connect': 'a request for a session',
  'zk.connected': 'a new session',
  'zk.ping': 'a heartbeat',
  'zk.pong': 'an answer to a heartbeat',
  'zk.lock': 'a request to create a lock node',
  'zk.lockHeld': 'an answer that its node is the lowest',
  'zk.lockWait': 'an answer to wait',
  'zk.delete': 'a request to delete a node',
  'zk.expired': 'an answer that the session expired',
  // etcd.
  'etcd.leaseGrant': 'a request for a lease',
  'etcd.leaseGranted': 'a new lease',
  'etcd.keepAlive': 'a keepalive',
  'etcd.keepAliveOk': 'an answer to a keepalive',
  'etcd.leaseNotFound': 'a LeaseNotFound answer',
  'etcd.lock': 'a lock request',
  'etcd.lockWait': 'an answer to wait',
  'etcd.locked': 'a grant',
  'etcd.unlock': 'a release',
  'etcd.txnPut': 'a guarded write',
  // Chubby.
  'chubby.acquire': 'a lock request',
  'chubby.granted': 'a grant',
  'chubby.wait': 'an answer to wait',
  'chubby.release': 'a release',
  'chubby.keepAlive': 'a keepalive',
  'chubby.keepAliveOk': 'an answer to a keepalive',
  'chubby.sessionExpired': 'an answer that the session expired',
  // HDFS's quorum journal.
  'qjm.getState': 'a request for the promised epoch',
  'qjm.state': 'an answer with the promised epoch',
  'qjm.newEpoch': 'a request to promise a new epoch',
  'qjm.promised': 'a promise of a new epoch',
  'qjm.refused': 'a refusal of a new epoch',
  'qjm.journal': 'a journal edit',
};

/**
 * A message of type `type` as a noun phrase with its article: "a lock request", "an answer to
 * wait"; "a message" for a type with no words (and for no type at all).
 */
export function messageWords(type: unknown): string {
  return (typeof type === 'string' && Object.hasOwn(WORDS, type) ? WORDS[type] : undefined) ?? 'a message';
}

/** The same phrase without its article, for the compact trace: "lock request", "grant". */
export function messageNoun(type: unknown): string {
  return messageWords(type).replace(/^(?:an?|the) /u, '');
}
