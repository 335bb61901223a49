// Finds the real lock servers' programs, and installs Debian's packages with apt-get when they are
// missing and the recorder runs as root (shared/TOOLCHAIN.md: 7-13 s each with a JRE present).
// Bounded: every apt-get run together gets at most INSTALL_BUDGET_MS (FENCELAB_INSTALL_S
// overrides it); running out counts as "cannot be installed here".
// Errors: ServersUnavailable, whose message says what to install by hand.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PROGRAMS = {
  etcd: '/usr/bin/etcd',
  etcdctl: '/usr/bin/etcdctl',
  redis: '/usr/bin/redis-server',
  java: '/usr/bin/java',
  zookeeperJar: '/usr/share/java/zookeeper.jar',
} as const;

/** Debian's packages, and which program each brings. */
const PACKAGES: { pkg: string; provides: string }[] = [
  { pkg: 'etcd-server', provides: PROGRAMS.etcd },
  { pkg: 'etcd-client', provides: PROGRAMS.etcdctl },
  { pkg: 'redis-server', provides: PROGRAMS.redis },
  { pkg: 'default-jre-headless', provides: PROGRAMS.java },
  { pkg: 'zookeeper', provides: PROGRAMS.zookeeperJar },
];

const INSTALL_HINT = `apt-get install -y --no-install-recommends ${PACKAGES.map((p) => p.pkg).join(' ')}`;

export class ServersUnavailable extends Error {}

const missing = (): string[] => PACKAGES.filter((p) => !existsSync(p.provides)).map((p) => p.pkg);

/** All of the install's apt-get runs together, ms (a fresh machine measured 17 s with update). */
const INSTALL_BUDGET_MS = Number(process.env.FENCELAB_INSTALL_S ?? 150) * 1000;

/** One apt-get run, bounded by what is left of the install's budget; 'timeout' when it ran out. */
function apt(args: string[], deadline: number): 'ok' | 'failed' | 'timeout' {
  const left = deadline - Date.now();
  if (left <= 0) return 'timeout';
  const r = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: left,
    killSignal: 'SIGTERM',
  });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return 'timeout';
  return r.status === 0 ? 'ok' : 'failed';
}

/**
 * Makes sure every server program is present; returns the packages it installed and how long that
 * took, in s (0 when nothing was missing).
 * @throws ServersUnavailable when something is missing and cannot be installed (not root, no apt).
 */
export function ensureServers(log: (line: string) => void): { installed: string[]; seconds: number } {
  const need = missing();
  if (need.length === 0) return { installed: [], seconds: 0 };
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new ServersUnavailable(`missing ${need.join(', ')}; as root, run: ${INSTALL_HINT}`);
  }
  const started = Date.now();
  log(`installing ${need.join(' ')} with apt-get`);
  const deadline = started + INSTALL_BUDGET_MS;
  const install = ['install', '-y', '--no-install-recommends', ...need];
  let result = apt(install, deadline);
  if (result === 'failed') {
    const update = apt(['update', '-qq'], deadline);
    result = update === 'ok' ? apt(install, deadline) : update;
  }
  if (result === 'timeout')
    throw new ServersUnavailable(
      `apt-get did not finish installing ${need.join(', ')} within ${INSTALL_BUDGET_MS / 1000} s; run: ${INSTALL_HINT}`,
    );
  if (result !== 'ok') {
    throw new ServersUnavailable(`apt-get could not install ${need.join(', ')}; run: ${INSTALL_HINT}`);
  }
  const still = missing();
  if (still.length) throw new ServersUnavailable(`still missing after apt-get: ${still.join(', ')}`);
  return { installed: need, seconds: (Date.now() - started) / 1000 };
}

/** The first line of `program args` (a version banner), or '' when it cannot run. */
export function versionLine(program: string, args: string[], pattern: RegExp): string {
  const r = spawnSync(program, args, { encoding: 'utf8', timeout: 10_000 });
  const m = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.match(pattern);
  return m?.[1] ?? '';
}
