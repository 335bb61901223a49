// End-to-end tests against the built site (run `npm run build` first; `npm test` does) in
// Debian's Chromium: Playwright's own browser download cannot reach its host on these machines.
import { defineConfig, devices } from '@playwright/test';

// Not 4173, so `npm start` can stay running during the tests; E2E_PORT lets two checkouts test at once.
const PORT = Number(process.env.E2E_PORT ?? 4174);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  // Limits on waiting, not on speed: a test still fails when what it waits for never comes, only
  // later. Playwright's defaults (30 s a test, 5 s an expect) are near what a busy 2-core machine
  // takes: under two busy loops, six tests held to the default took 20-28 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // Playwright owns this process group and ends it, Vite child included, when the run ends.
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    // Never reuse: a server already on the port may be another checkout's build.
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
