// Starts etcd, ZooKeeper and Redis on 127.0.0.1 from a temp data dir, each as its own process
// (tracked by pid in procs.ts), and says when each serves. Flags as in shared/TOOLCHAIN.md.
// Errors: a server that does not serve within READY_MS is stopped and an Error names it.

import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { PROGRAMS } from './install.ts';
import { startTracked, stopTracked } from './procs.ts';

const READY_MS = 15_000;
const HOST = '127.0.0.1';

export interface Server {
  name: string;
  port: number;
  child: ChildProcess;
  dir: string;
}

/** A port free on loopback right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Sends `text` to HOST:port and collects the reply until the server closes or `ms` pass. */
export function ask(port: number, text: string, ms = 1000): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const sock = connect(port, HOST);
    const done = () => {
      clearTimeout(timer);
      sock.destroy();
      resolve(out);
    };
    const timer = setTimeout(done, ms);
    sock.on('connect', () => sock.write(text));
    sock.on('data', (d) => {
      out += d.toString();
      if (out.includes('+PONG')) done();
    });
    sock.on('error', done);
    sock.on('close', done);
  });
}

async function until(name: string, child: ChildProcess, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (code ${child.exitCode}) before it served`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  await stopTracked(child);
  throw new Error(`${name} did not serve within ${READY_MS / 1000} s`);
}

const logTo = (dir: string) => openSync(join(dir, 'server.log'), 'a');

export const workDir = (): string => mkdtempSync(join(tmpdir(), 'fencelab-record-'));

/** etcd's client URL for a port. */
export const etcdUrl = (port: number): string => `http://${HOST}:${port}`;

export interface EtcdPorts {
  client: number;
  peer: number;
  metrics: number;
}

/** Starts one etcd member on `dataDir` (an existing dir, e.g. a restored snapshot, is reused). */
export async function startEtcd(root: string, ports: EtcdPorts, dataDir = join(root, 'etcd')): Promise<Server> {
  const peer = `http://${HOST}:${ports.peer}`;
  const args = [
    ...['--name', 't', '--data-dir', dataDir],
    ...['--listen-client-urls', etcdUrl(ports.client), '--advertise-client-urls', etcdUrl(ports.client)],
    ...['--listen-peer-urls', peer, '--initial-advertise-peer-urls', peer, '--initial-cluster', `t=${peer}`],
    ...['--listen-metrics-urls', `http://${HOST}:${ports.metrics}`],
  ];
  const child = startTracked('etcd', PROGRAMS.etcd, args, { stdio: ['ignore', logTo(root), logTo(root)] });
  await until('etcd', child, async () => {
    const r = await fetch(`${etcdUrl(ports.client)}/health`, { signal: AbortSignal.timeout(1000) });
    return ((await r.json()) as { health?: string }).health === 'true';
  });
  return { name: 'etcd', port: ports.client, child, dir: dataDir };
}

/** `etcdctl snapshot save` (the revision now) and `snapshot restore` into a new data dir.
 * @throws Error with etcdctl's own message when it fails. */
export function etcdctl(args: string[], port?: number): string {
  const env = { ...process.env, ETCDCTL_API: '3' };
  const full = port === undefined ? args : [`--endpoints=${etcdUrl(port)}`, ...args];
  const r = spawnSync(PROGRAMS.etcdctl, full, { encoding: 'utf8', timeout: 20_000, env });
  if (r.status !== 0) throw new Error(`etcdctl ${args.join(' ')}: ${r.stderr || r.error?.message}`);
  return r.stdout;
}

/** ZooKeeper's tick, ms: session timeouts are clamped to 2-20 ticks. */
export const ZK_TICK_MS = 200;

/** Starts a standalone ZooKeeper; ready when `srvr` says `Mode: standalone`. */
export async function startZooKeeper(root: string, port: number): Promise<Server> {
  const conf = join(root, 'zkconf');
  const data = join(root, 'zkdata');
  mkdirSync(conf, { recursive: true });
  mkdirSync(data, { recursive: true });
  writeFileSync(
    join(conf, 'zoo.cfg'),
    [
      `tickTime=${ZK_TICK_MS}`,
      `dataDir=${data}`,
      `clientPort=${port}`,
      `clientPortAddress=${HOST}`,
      'admin.enableServer=false',
      '4lw.commands.whitelist=srvr,ruok,dump',
      '',
    ].join('\n'),
  );
  writeFileSync(join(conf, 'log4j.properties'), 'log4j.rootLogger=WARN\n');
  const args = [
    '-Xmx256m',
    '-cp',
    `${conf}:${PROGRAMS.zookeeperJar}`,
    'org.apache.zookeeper.server.quorum.QuorumPeerMain',
    join(conf, 'zoo.cfg'),
  ];
  const child = startTracked('zookeeper', PROGRAMS.java, args, { stdio: ['ignore', logTo(root), logTo(root)] });
  await until('zookeeper', child, async () => (await ask(port, 'srvr')).includes('Mode: standalone'));
  return { name: 'zookeeper', port, child, dir: data };
}

/** Starts a Redis master with no persistence (no RDB, no AOF), as Redlock's masters in the model. */
export async function startRedis(root: string, name: string, port: number): Promise<Server> {
  const args = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', root];
  const child = startTracked(name, PROGRAMS.redis, args, { stdio: ['ignore', logTo(root), logTo(root)] });
  await until(name, child, async () => (await ask(port, 'PING\r\n')).includes('+PONG'));
  return { name, port, child, dir: root };
}
