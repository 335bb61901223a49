// `npm run record [-- --only etcd,zookeeper,redis] [--out DIR]`: installs the servers if needed
// (apt-get, as root), runs every race in races.ts against real etcd, ZooKeeper and Redis on
// 127.0.0.1, and writes one recording per race to DIR (default public/recordings).
// Exit codes: 0 recorded; 2 the servers are missing and cannot be installed here (the message
// says what to install); 1 a race failed. Every process it started is stopped on every path.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RACES, type RaceDef } from './races.ts';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording, type SystemId } from './format.ts';
import { ensureServers, ServersUnavailable } from './install.ts';
import { stillRunning, stopAll, stopAllOnSignals } from './procs.ts';
import { runRace, type Harness } from './race.ts';
import { workDir } from './servers.ts';
import { etcdHarness, etcdInfo } from './systems/etcd.ts';
import { zookeeperHarness, zookeeperInfo } from './systems/zookeeper.ts';
import { redisHarness, redisInfo } from './systems/redis.ts';

const CLIENTS = ['Client1', 'Client2'];
const log = (line: string) => process.stdout.write(`record: ${line}\n`);

function args(argv: string[]): { only: SystemId[]; out: string } {
  const only = argv.includes('--only')
    ? (argv[argv.indexOf('--only') + 1] ?? '').split(',')
    : ['etcd', 'zookeeper', 'redis'];
  const out = argv.includes('--out') ? (argv[argv.indexOf('--out') + 1] ?? '') : 'public/recordings';
  const bad = only.filter((s) => !['etcd', 'zookeeper', 'redis'].includes(s));
  if (bad.length || !out)
    throw new Error(`usage: npm run record -- [--only etcd,zookeeper,redis] [--out DIR] (bad: ${bad.join(',')})`);
  return { only: only as SystemId[], out };
}

/** Starts the race's servers, runs it, stops them: a fresh store for every race. */
async function record(race: RaceDef): Promise<Recording> {
  const root = workDir();
  let stop: () => Promise<void> = async () => undefined;
  try {
    let harness: Harness;
    let info: Pick<Recording, 'server' | 'client'>;
    if (race.system === 'etcd') {
      const h = await etcdHarness(root, race.schedule);
      ({ harness, stop } = h);
      info = etcdInfo();
    } else if (race.system === 'zookeeper') {
      const h = await zookeeperHarness(root, CLIENTS);
      ({ harness, stop } = h);
      info = zookeeperInfo(h.version);
    } else {
      const h = await redisHarness(root, CLIENTS);
      ({ harness, stop } = h);
      info = redisInfo();
    }
    const recordedAt = new Date().toISOString();
    const observations = await runRace(harness, race.schedule, CLIENTS);
    return {
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      id: race.id,
      system: race.system,
      title: race.title,
      measured: race.measured,
      ...info,
      recordedAt,
      host: { node: process.version, platform: `${process.platform}-${process.arch}` },
      schedule: race.schedule,
      observations,
    };
  } finally {
    await stop();
    rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  stopAllOnSignals();
  const { only, out } = args(process.argv.slice(2));
  try {
    const { installed, seconds } = ensureServers(log);
    if (installed.length) log(`installed ${installed.join(', ')} in ${seconds.toFixed(1)} s`);
  } catch (e) {
    if (e instanceof ServersUnavailable) {
      process.stderr.write(`record: cannot record here: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  for (const race of RACES.filter((r) => only.includes(r.system))) {
    const t = Date.now();
    const rec = await record(race);
    writeFileSync(join(out, `${rec.id}.json`), `${JSON.stringify(rec, null, 2)}\n`);
    const tokens = rec.observations.filter((o) => o.kind === 'lock.granted').map((o) => `${o.party} ${o.token}`);
    log(
      `${race.id}: ${rec.observations.length} observations, granted ${tokens.join(', ') || 'none'} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
  log(`all recorded in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${out}`);
  return 0;
}

main()
  .catch((e: unknown) => {
    process.stderr.write(`record: failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  })
  .then(async (code) => {
    await stopAll();
    const left = stillRunning();
    if (left.length) process.stderr.write(`record: still running: ${left.join(', ')}\n`);
    process.exit(code);
  });
