// Build, dev server and unit-test settings. `base: './'` makes every asset URL relative, so the
// built site in dist/ works from any path: a docs subfolder, an iframe, a file server.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: './',
  plugins: [react()],
  // Nothing to preload: the one lazy chunk (pan and zoom, d3-zoom) imports only the entry chunk, which
  // is loaded already, so the polyfill would be 0.4 kB of dead code.
  build: { modulePreload: { polyfill: false } },
  test: {
    // Most tests exercise the DOM-free engine and pure layout code; a UI test that needs a DOM
    // opts in with a `// @vitest-environment jsdom` comment at its top.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // Property tests run hundreds of simulations each; on a shared 2-core machine running test
    // files in parallel, 5 s is not a bound on correctness, only on load.
    testTimeout: 60_000,
  },
});
