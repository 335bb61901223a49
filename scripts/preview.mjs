// The benchmarks' shared start: build the site, serve dist/ with `vite preview` on a port, and
// wait until it answers. Used by bench-ui.mjs, bench-weight.mjs and bench-lighthouse.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs `npm run build`; throws when it fails. */
export function buildSite() {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
}

/**
 * Serves dist/ on 127.0.0.1:`port` and resolves once it answers (10 s at most).
 * @param {number} port
 * @returns {Promise<{ base: string, stop: () => void }>} the site's URL (ending in '/') and a stop
 */
export async function servePreview(port) {
  const server = spawn(
    `${root}node_modules/.bin/vite`,
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: root, stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}/`;
  const stop = () => server.kill();
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(base).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`vite preview did not answer at ${base}`);
}
