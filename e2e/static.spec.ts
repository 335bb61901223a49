// Issue 13, item 6: a static site that works anywhere. dist/ is served here by a file server of the
// test's own (node:http: files only, no fallback rules, 404 for anything else) under a sub-path,
// as a docs site would host it. The lab, a lesson, presenter mode, the "Real servers" view, the
// export buttons and both workers run there, every request the page makes stays inside that
// sub-path on that origin, and the page logs no error and no Content-Security-Policy violation.
// The policy is shown to be enforced, not merely present: a request it forbids is refused.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { STRATEGY_IDS } from '../src/engine/core/defaults';

const DIST = join(process.cwd(), 'dist');
const PREFIX = '/docs/fencelab/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

/** The file under dist/ a path asks for ('' for the folder's index.html), or null outside PREFIX. */
function fileFor(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const rel = normalize(decodeURIComponent(pathname.slice(PREFIX.length)) || 'index.html');
  if (rel.startsWith('..') || rel.startsWith(sep)) return null;
  return join(DIST, rel.endsWith(sep) ? join(rel, 'index.html') : rel);
}

/** A plain file server: what is there, with its type; a redirect from the folder without its slash; else 404. */
function startServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (`${pathname}/` === PREFIX) return void res.writeHead(301, { location: PREFIX }).end();
    const file = fileFor(pathname);
    const missing = () => void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return missing();
    stat(file)
      .then((s) => (s.isFile() ? readFile(file) : Promise.reject(new Error('not a file'))))
      .then((body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(req.method === 'HEAD' ? undefined : body);
      }, missing);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let origin: string;
let site: string;

test.beforeAll(async () => {
  server = await startServer();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site = `${origin}${PREFIX}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the page did that a static site must not: requests outside the site, errors, CSP violations. */
interface Watch {
  requests: string[];
  outside: () => string[];
  errors: string[];
  violations: string[];
}

async function watch(page: Page): Promise<Watch> {
  const w: Watch = {
    requests: [],
    // The folder without its slash is inside too: the server redirects it to the folder.
    outside: () =>
      w.requests.filter(
        (u) =>
          !u.startsWith(site) && u !== site.slice(0, -1) && !u.startsWith('data:') && !u.startsWith(`blob:${origin}/`),
      ),
    errors: [],
    violations: [],
  };
  page.on('request', (r) => w.requests.push(r.url()));
  page.on('console', (m) => void (m.type() === 'error' && w.errors.push(m.text())));
  page.on('pageerror', (e) => w.errors.push(e.message));
  await page.exposeFunction('reportCspViolation', (text: string) => w.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return w;
}

function expectClean(w: Watch) {
  expect(w.outside(), 'requests outside the site').toEqual([]);
  expect(w.violations, 'CSP violations').toEqual([]);
  expect(w.errors, 'console errors').toEqual([]);
}

test('the lab under a sub-path: it renders, exports, runs its workers, and stays inside its own files', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const w = await watch(page);
  await page.goto(site);
  await expect(page.getByTestId('narration')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Fencelab' })).toBeVisible();

  // The export buttons under the timeline: each file is made here, from the page's own drawing.
  for (const name of ['Download SVG', 'Download PNG (2x)']) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
    expect(await file.failure()).toBeNull();
  }
  await expect(page.locator('.export-status')).toContainText('PNG saved');
  await page.getByRole('button', { name: 'Copy as Mermaid' }).click();
  await expect(page.locator('.export-status')).toContainText('Mermaid text copied');

  // The comparison runs in workers, and a long run in another: both load from the sub-path.
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await expect(page.locator('.compare-table tbody tr')).toHaveCount(STRATEGY_IDS.length, { timeout: 60_000 });
  await expect(page.locator('.compare-progress')).toBeHidden({ timeout: 60_000 });
  await page.goto(`${site}${longRun(600)}`);
  await expect(page.getByTestId('narration')).toBeVisible();
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 60_000 });
  expect(Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'))).toBeGreaterThan(2000);

  const workers = w.requests.filter((u) => /\.worker-[\w-]+\.js$/.test(u)).map((u) => u.replace(/-[\w-]+\.js$/, ''));
  expect(new Set(workers.map((u) => u.slice(site.length)))).toEqual(
    new Set(['assets/compare.worker', 'assets/timeline.worker']),
  );
  expectClean(w);
  console.log(`lab: ${w.requests.length} requests, all under ${PREFIX}`);
});

// A view's own styles come in its code and are added through the CSS object model (styles/adopt.ts),
// which the page's Content-Security-Policy must not refuse: each view is checked drawn as styled.
test('a lesson, presenter mode, the embed and the "Real servers" view work under the sub-path, styled', async ({
  page,
}) => {
  const w = await watch(page);
  await page.goto(site);
  await page.getByRole('button', { name: 'Lesson for a class' }).click();
  await expect(page).toHaveURL(/#lesson=fencing-tokens/);
  await expect(page.getByTestId('lesson-say')).toBeVisible();
  await expect(page.locator('.lesson-bar')).toHaveCSS('display', 'flex');

  await page.goto(`${site}#lesson=fencing-tokens&present`);
  await expect(page.locator('.lesson.presenting')).toBeVisible();
  await expect(page.getByTestId('lesson-say')).toBeVisible();

  // Each of the next two opened afresh, so its styles are its own, not left by the lesson.
  await page.goto('about:blank');
  await page.goto(`${site}#embed&preset=canonical-race`);
  await expect(page.getByTestId('narration')).toBeVisible();
  await expect(page.locator('.embed-bar')).toHaveCSS('display', 'flex');

  await page.goto('about:blank');
  await page.goto(`${site}#recording=etcd-race`);
  await expect(page.getByRole('heading', { level: 1, name: 'Real servers' })).toBeVisible();
  await expect(page.locator('.recorded-brand')).toHaveCSS('text-transform', 'uppercase');
  await expect(page.locator('[data-run="recorded"] svg.tl-svg')).toBeVisible();
  await expect(page.locator('[data-run="model"] svg.tl-svg')).toBeVisible();
  expect(w.requests).toContain(`${site}recordings/etcd-race.json`);
  expectClean(w);
});

test('the page by its file name works too, and the server has no fallback', async ({ page, request }) => {
  const w = await watch(page);
  await page.goto(`${site}index.html#preset=canonical-race&step=9`);
  await expect(page.getByTestId('narration')).toBeVisible();
  await expect(page.getByTestId('position')).toContainText('Step 9 /');
  // The folder without its slash is sent to the folder, as file servers do.
  await page.goto(site.slice(0, -1));
  await expect(page).toHaveURL(site);
  await expect(page.getByTestId('narration')).toBeVisible();
  expectClean(w);

  // No fallback: an unknown path is a 404, not index.html, and a missing recording is said in words.
  expect((await request.get(`${site}lab/deep/link`)).status()).toBe(404);
  expect((await request.get(`${origin}/index.html`)).status()).toBe(404);
  await page.goto(`${site}#recording=no-such-recording`);
  await expect(
    page.getByText(/The recording "no-such-recording" could not be opened: the site has no such file/),
  ).toBeVisible();
});

test('robots.txt ships, and the Content-Security-Policy is enforced', async ({ page, request }) => {
  const robots = await request.get(`${site}robots.txt`);
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/^User-agent: \*\nAllow: \/\n$/);

  const w = await watch(page);
  const blocked: string[] = [];
  page.on('requestfailed', (r) => void blocked.push(`${r.url()} ${r.failure()?.errorText}`));
  await page.goto(site);
  await expect(page.getByTestId('narration')).toBeVisible();
  expectClean(w);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  console.log(`CSP: ${policy}`);
  // A picture and a fetch from elsewhere, an inline script and an inline style sheet (the page's
  // own are allowed by their hashes, nothing else) are refused, and reported.
  await page.evaluate(async () => {
    const img = document.createElement('img');
    img.src = 'http://127.0.0.2:9/elsewhere.png';
    document.body.append(img);
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { display: none }';
    document.head.append(style);
    await fetch('http://127.0.0.2:9/elsewhere.json').catch(() => undefined);
  });
  await expect
    .poll(() => [...new Set(w.violations.map((v) => v.split(' ')[0]))].sort())
    .toEqual(['connect-src', 'img-src', 'script-src-elem', 'style-src-elem']);
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  await expect(page.getByTestId('narration')).toBeVisible();
  // None left the browser: the picture is listed as a request that failed on the policy, the fetch not at all.
  await expect.poll(() => blocked).toEqual(['http://127.0.0.2:9/elsewhere.png csp']);
  expect(w.requests.filter((u) => u.includes('127.0.0.2'))).toEqual(['http://127.0.0.2:9/elsewhere.png']);
});

/** A long run (as in longrun.spec.ts): clients take turns; every seventh pauses past its lease. */
function longRun(rounds: number): string {
  const actions: object[] = [];
  for (let i = 0, t = 0; i < rounds; i++, t += 60) {
    const client = `Client${(i % 3) + 1}`;
    actions.push({ atMs: t, type: 'acquire', client }, { atMs: t + 20, type: 'write', client, value: `v${i}` });
    if (i % 7 === 3) actions.push({ atMs: t + 25, type: 'pause', client, durationMs: 1500 });
    actions.push({ atMs: t + 40, type: 'release', client });
  }
  const scenario = {
    format: 'fencelab.scenario',
    version: 1,
    name: 'Long run',
    seed: 11,
    strategy: 'fencing',
    clients: 3,
    actions,
  };
  return `#s=${deflateRawSync(JSON.stringify(scenario)).toString('base64url')}&step=0`;
}
