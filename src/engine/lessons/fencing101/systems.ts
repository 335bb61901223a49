// Chapter 5 of the walkthrough: the real systems' tokens (ZooKeeper's czxid, etcd's revision,
// Chubby's sequencer, HDFS's epoch) and why each comes out of a replicated, ordered log.

import type { Chapter } from '../format';

export const systemsChapter: Chapter = {
  id: 'real-systems',
  title: 'Where real systems get their tokens',
  steps: [
    {
      id: 'zookeeper',
      run: { preset: 'zookeeper-race' },
      at: 't3',
      say: 'Nobody hands out tokens by hand. In ZooKeeper, a lock is a node a client creates, and every change ZooKeeper makes gets the next number in one ordered history. The number of the change that created your lock node (its czxid) is your token.',
      ask: {
        kind: 'choice',
        prompt:
          'Client1\u2019s token was 33. Client2\u2019s token comes from the same history, later. What can we say about it?',
        choices: ['It is exactly 34', 'It is higher than 33, maybe by more than one', 'It could be lower than 33'],
        answer: 1,
        why: 'Two other changes came in between, and each took a number: Client1\u2019s session ending, which deleted its node in the same change (34), and Client2\u2019s session opening (35). Client2\u2019s token is 36: not the next integer, but higher, and higher is all the store needs.',
      },
      show: ['cards'],
    },
    {
      id: 'zookeeper-rejects',
      at: 't6',
      say: 'The store keeps max_seen exactly as before.',
      ask: { kind: 'write', why: '33 is not higher than 36: refused.' },
    },
    {
      id: 'etcd',
      run: { preset: 'etcd-race' },
      at: 't4',
      say: 'etcd numbers every change to its store too: the revision. The revision at which a client\u2019s lock key was created is its token.',
      ask: {
        kind: 'max-seen',
        why: 'Client2\u2019s key was created at revision 35 (deleting the old key when its lease expired took revision 34; a lease itself takes none), so the store now remembers 35.',
      },
    },
    {
      id: 'etcd-txn',
      run: { preset: 'etcd-txn-race' },
      at: 't6',
      say: 'When the data lives in etcd itself, etcd can do the compare: the write is a transaction that goes through only if the lock key still exists with the revision the writer was given.',
      ask: {
        kind: 'write',
        why: 'Client1\u2019s lock key was deleted when its lease ended, so the condition fails and the transaction is not applied.',
      },
    },
    {
      id: 'chubby',
      run: { preset: 'chubby-race' },
      at: 't6',
      say: 'Google\u2019s Chubby gave the idea its first industrial form: a sequencer, naming the lock and a generation number, that servers check before they act.',
      ask: {
        kind: 'write',
        why: 'The generation in Client1\u2019s sequencer is older than one the server has already seen: refused. Client2 waited for its grant because Chubby lets nobody take a silent holder\u2019s lock for a lock-delay: the dashed bar.',
      },
    },
    {
      id: 'epochs',
      run: { preset: 'qjm-race' },
      at: 't6',
      say: 'HDFS protects its edit log the same way under another name: each new active writer gets a higher epoch, and the journal nodes refuse anything from an older one.',
      ask: { kind: 'write', why: 'The journal node has promised epoch 34, so epoch 33 is refused.' },
    },
    {
      id: 'why-a-log',
      run: { preset: 'pitfall-counter-reset' },
      at: 'reissue',
      say: 'Why take the number from a replicated log instead of a counter in one server\u2019s memory? Watch this lock service restart: its in-memory counter starts again.',
      ask: {
        kind: 'choice',
        prompt: 'After the restart, what token does the next grant carry?',
        choices: ['35, one more than before', '33 again', 'No token at all'],
        answer: 1,
        why: 'The counter forgot. Now the current holder carries 33, lower than the 34 the store remembers, so its writes are refused. A number agreed by a replicated log survives restarts, which is why real systems take it from there.',
      },
    },
    {
      id: 'reset-stuck',
      at: 'stuck',
      // No verdict panel: the run's verdict counts a refusal still to come (step 23).
      say: 'The rightful holder is now locked out by its own token.',
    },
  ],
};
