// Build, dev server and unit-test settings. `base: './'` makes every asset URL relative, so the
// built site in dist/ works from any path: a docs subfolder, an iframe, a file server.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * index.html's Content-Security-Policy is for the built site; the dev server's client (React
 * refresh's inline preamble, the HMR socket) would break under it, so `vite` (serve) drops it.
 */
const cspForBuildOnly = (): Plugin => ({
  name: 'fencelab:csp-build-only',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''),
});

/**
 * After a build, every preset's run goes into dist/runs (scripts/shipped-runs.ts), computed by the
 * same engine the site ships: a page opening an unchanged preset draws it from there at once.
 */
const shippedRuns = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'fencelab:shipped-runs',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      const run = spawnSync(process.execPath, [tsx, 'scripts/shipped-runs.ts', outDir], { stdio: 'inherit' });
      if (run.status !== 0) throw new Error('writing the shipped runs failed (scripts/shipped-runs.ts)');
    },
  };
};

export default defineConfig({
  base: './',
  plugins: [react(), cspForBuildOnly(), shippedRuns()],
  // No modulepreload polyfill: every browser the lab supports has modulepreload, so it would be
  // 0.4 kB of dead code (Vite's preload helper still loads a lazy chunk's imports with it).
  // The manifest (dist/.vite/manifest.json) names the chunk of each lazily loaded module, so
  // e2e/weight.spec.ts can tell which of them a page loaded.
  build: {
    modulePreload: { polyfill: false },
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the strategies say about themselves (names, knobs, parties), which every page
            // needs, is one chunk with the rest of the engine's core: left alone, the bundler
            // makes a small chunk of each strategy, shared by the core and that strategy's model,
            // and the first render waits for ten more requests.
            {
              name: 'engine',
              test: /\/src\/engine\/(core|protocol|kernel|strategies)\/|\/src\/engine\/models\/registry/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Most tests exercise the DOM-free engine and pure layout code; a UI test that needs a DOM
    // opts in with a `// @vitest-environment jsdom` comment at its top.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // Property tests run hundreds of simulations each; on a shared 2-core machine running test
    // files in parallel, 5 s is not a bound on correctness, only on load.
    testTimeout: 60_000,
    // Every strategy's model is loaded, as in the CLI: a page loads each on first use instead.
    setupFiles: ['src/engine/surfaces/allModels.ts'],
  },
});
