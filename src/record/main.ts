// `npm run record [-- --only etcd,zookeeper,redis] [--races ID,...] [--out DIR] [--deadline S]
// [--install-only]`: installs the servers if needed (apt-get, as root), runs every race in races.ts
// against real etcd, ZooKeeper and Redis on 127.0.0.1, and writes one recording per race to DIR
// (default public/recordings), each with how busy the host was meanwhile (`host.load`, load.ts).
// USAGE below says it all; `--help` prints it.
// Exit codes: 0 recorded (or installed); 1 a race failed; 2 the servers are missing and cannot be
// installed here (the message says what to install); 3 the deadline passed (the races done by then
// are written); 64 bad command line.
// Every process it started is stopped on every path (procs.ts), never a stack trace for bad input.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RACES, type RaceDef } from './races.ts';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording, type SystemId } from './format.ts';
import { ensureServers, ServersUnavailable } from './install.ts';
import { stillRunning, stopAll, stopAllAndExit, stopAllOnExit } from './procs.ts';
import { runRace, type Harness } from './race.ts';
import type { HostLoad } from './load.ts';
import { workDir } from './servers.ts';
import { etcdHarness, etcdInfo } from './systems/etcd.ts';
import { zookeeperHarness, zookeeperInfo } from './systems/zookeeper.ts';
import { redisHarness, redisInfo } from './systems/redis.ts';

const CLIENTS = ['Client1', 'Client2'];
const log = (line: string) => process.stdout.write(`record: ${line}\n`);

const SYSTEMS: readonly SystemId[] = ['etcd', 'zookeeper', 'redis'];

export const USAGE = `usage: npm run record -- [--only etcd,zookeeper,redis] [--races ID,...] [--out DIR] [--deadline SECONDS] [--install-only]
  --only LIST      record only these systems (comma-separated; default: all three)
  --races LIST     record only these races, by id (comma-separated; default: every race)
  --out DIR        write the recordings to DIR (default: public/recordings, the shipped ones)
  --deadline S     stop everything and exit 3 if recording is not done within S seconds (default 110)
  --install-only   install the servers if they are missing (apt-get, as root) and record nothing
  --help           print this and exit
exit codes: 0 done, 1 a race failed, 2 the servers cannot be installed here, 3 the deadline passed,
64 bad command line`;

/** Exit code for a bad command line (BSD's EX_USAGE), distinct from 1 (a race) and 2 (servers). */
export const EX_USAGE = 64;
/** Exit code when the deadline passed: out of time, which a busy host explains, not a race that failed. */
export const EX_DEADLINE = 3;

export interface Options {
  only: SystemId[];
  /** Race ids to record; every race when the command line names none. */
  races: string[];
  out: string;
  deadlineMs: number;
  installOnly: boolean;
  help: boolean;
}

class UsageError extends Error {}

/** The command line, checked. @throws UsageError with one line saying what is wrong. */
export function parseOptions(argv: string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        only: { type: 'string' },
        races: { type: 'string' },
        out: { type: 'string' },
        deadline: { type: 'string' },
        'install-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    // parseArgs' own message names the flag ("Unknown option '--x'", "argument is ambiguous"...).
    throw new UsageError(e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : String(e));
  }
  const only = values.only === undefined ? [...SYSTEMS] : values.only.split(',').map((x) => x.trim());
  const bad = only.filter((x) => !SYSTEMS.includes(x as SystemId));
  if (bad.length || only.length === 0)
    throw new UsageError(`--only takes a comma-separated list of ${SYSTEMS.join(', ')}; got "${values.only}"`);
  const ids = RACES.map((r) => r.id);
  const races = values.races === undefined ? ids : values.races.split(',').map((x) => x.trim());
  const unknown = races.filter((x) => !ids.includes(x));
  if (unknown.length || races.length === 0)
    throw new UsageError(`--races takes a comma-separated list of ${ids.join(', ')}; got "${values.races}"`);
  const out = values.out ?? 'public/recordings';
  if (out.trim() === '' || out.startsWith('-')) throw new UsageError(`--out needs a directory; got "${out}"`);
  const deadline = values.deadline === undefined ? 110 : Number(values.deadline);
  if (!Number.isFinite(deadline) || deadline <= 0)
    throw new UsageError(`--deadline takes a number of seconds above 0; got "${values.deadline}"`);
  return {
    only: [...new Set(only)] as SystemId[],
    races: [...new Set(races)],
    out,
    deadlineMs: deadline * 1000,
    installOnly: values['install-only'] ?? false,
    help: values.help ?? false,
  };
}

/** Temp dirs of races under way: removed on exit too (a deadline or a signal skips `record`'s finally). */
const workDirs = new Set<string>();
process.on('exit', () => {
  for (const d of workDirs) rmSync(d, { recursive: true, force: true });
});

/** A recording as the recorder writes it: with how busy the host was during the race (the lab
 * reads no further than `Recording`; the conformance stage reads the load, judge.ts). */
export type MeasuredRecording = Recording & { host: Recording['host'] & { load: HostLoad } };

/** Starts the race's servers, runs it, stops them: a fresh store for every race. */
async function record(race: RaceDef): Promise<MeasuredRecording> {
  const root = workDir();
  workDirs.add(root);
  let stop: () => Promise<void> = async () => undefined;
  try {
    let harness: Harness;
    let info: Pick<Recording, 'server' | 'client'>;
    const serversFrom = performance.now();
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
    const serversStartMs = performance.now() - serversFrom;
    const recordedAt = new Date().toISOString();
    const run = await runRace(harness, race.schedule, CLIENTS);
    const load: HostLoad = { ...run.load, serversStartMs: Math.round(serversStartMs) };
    return {
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      id: race.id,
      system: race.system,
      title: race.title,
      measured: race.measured,
      ...info,
      recordedAt,
      host: { node: process.version, platform: `${process.platform}-${process.arch}`, load },
      schedule: race.schedule,
      observations: run.observations,
    };
  } finally {
    await stop();
    rmSync(root, { recursive: true, force: true });
    workDirs.delete(root);
  }
}

async function main(): Promise<number> {
  let opts: Options;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`record: ${e.message}\n${USAGE}\n`);
    return EX_USAGE;
  }
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { only, races, out } = opts;
  stopAllOnExit();
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
  if (opts.installOnly) return 0;
  // The recorder's own bound, apart from any the caller keeps: past it, everything it started
  // is stopped and it exits EX_DEADLINE (a half-written recording is never left: files are
  // written whole).
  const deadline = setTimeout(
    () => stopAllAndExit(EX_DEADLINE, `recording did not finish within ${opts.deadlineMs / 1000} s`),
    opts.deadlineMs,
  );
  deadline.unref();
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  for (const race of RACES.filter((r) => only.includes(r.system) && races.includes(r.id))) {
    const t = Date.now();
    const rec = await record(race);
    writeFileSync(join(out, `${rec.id}.json`), `${JSON.stringify(rec, null, 2)}\n`);
    const tokens = rec.observations.filter((o) => o.kind === 'lock.granted').map((o) => `${o.party} ${o.token}`);
    const { cpuWaitShare, loopLateMaxMs, actionLateMaxMs } = rec.host.load;
    const waited = cpuWaitShare === null ? '' : `, CPU waited ${Math.round(cpuWaitShare * 100)}%`;
    log(
      `${race.id}: ${rec.observations.length} observations, granted ${tokens.join(', ') || 'none'} (${((Date.now() - t) / 1000).toFixed(1)} s${waited}, timers up to ${Math.max(loopLateMaxMs, actionLateMaxMs)} ms late)`,
    );
  }
  log(`all recorded in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${out}`);
  return 0;
}

main()
  .catch((e: unknown) => {
    process.stderr.write(`record: failed: ${e instanceof Error ? e.message : String(e)}\n`);
    if (process.env.FENCELAB_RECORD_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    return 1;
  })
  .then(async (code) => {
    await stopAll();
    const left = stillRunning();
    if (left.length) process.stderr.write(`record: still running: ${left.join(', ')}\n`);
    process.exit(code);
  });
