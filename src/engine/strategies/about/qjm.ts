// What the lab says about HDFS's quorum journal and its epochs (../qjm.ts defines it): apart from the definition, so a page
// that never shows these sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';

export const qjmAbout: StrategyAbout = {
  summary:
    'A NameNode becomes the writer by asking the journal nodes for their promised epochs and getting a quorum of them to promise 1 + the largest; every edit carries its epoch. A journal node refuses any edit from an epoch below its promise, so once a newer writer holds a quorum of promises, the old writer cannot get an edit acknowledged by a quorum, and it aborts.',
  timers:
    "No lease expires anywhere: an epoch lasts until a newer one is promised. Only the writer's round timeout is a timer, on a monotonic clock, so a wall-clock step changes nothing.",
  simplification:
    'There is no failover controller deciding who tries to become the writer and no recovery of unfinished log segments; journal nodes accept an edit from any epoch at or above their promise, without the real rule that it equal the epoch of the writer that started the segment (lastWriterEpoch), and do not check that transaction ids are contiguous; a round of calls gives up after 200 ms.',
  sourceWords: {
    'durable-counter': {
      label: "The writer's epoch",
      explain: 'A quorum of journal nodes promises the new writer an epoch above any it has promised before.',
    },
  },
  recordedOn: null,
  sources: [
    {
      title: 'HDFS High Availability using the Quorum Journal Manager',
      url: 'https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-hdfs/HDFSHighAvailabilityWithQJM.html',
    },
    {
      title: 'Apache Hadoop, qjournal/server/Journal.java',
      url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java',
    },
  ],
};
