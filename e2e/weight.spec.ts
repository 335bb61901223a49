// Issue 13, item 7: each page loads only what it shows. The embed player's default link loads
// neither the lab's panels nor the lessons, the comparison, the export or the real servers' view,
// and no real system's model; each of those loads when first used. Chunks are found by their source module in Vite's
// manifest (dist/.vite/manifest.json), so the test follows the build, not file names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { RECORD_FIRST_RENDER } from '../scripts/bench-weight.mjs';
import { openLab } from './helpers';

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string }
>;

/** The chunk file (assets/…) built from a source module that is loaded lazily. */
function chunkOf(source: string): string {
  const entry = manifest[source];
  if (!entry) throw new Error(`the build has no lazily loaded chunk for ${source}`);
  return entry.file;
}

const LAZY = {
  lab: 'src/ui/App.tsx',
  lesson: 'src/ui/lessons/LessonView.tsx',
  lessons: 'src/engine/surfaces/lessons.ts',
  recorded: 'src/ui/recorded/RecordedView.tsx',
  comparison: 'src/ui/compare/Comparison.tsx',
  cards: 'src/ui/cards/PartyCards.tsx',
  export: 'src/ui/export/actions.ts',
  embed: 'src/ui/embed/EmbedView.tsx',
  simulator: 'src/engine/surfaces/simulator.ts',
  generic: 'src/engine/models/generic.ts',
  etcd: 'src/engine/models/etcd.ts',
  zookeeper: 'src/engine/models/zookeeper.ts',
  redlock: 'src/engine/models/redlock.ts',
  chubby: 'src/engine/models/chubby.ts',
  qjm: 'src/engine/models/qjm.ts',
  'redis-watchdog': 'src/engine/models/redisWatchdog.ts',
  'k8s-lease': 'src/engine/models/k8sLease.ts',
  bridge: 'src/ui/embed/bridge.ts',
} as const;

const SYSTEMS = ['etcd', 'zookeeper', 'redlock', 'chubby', 'qjm', 'redis-watchdog', 'k8s-lease'] as const;

/** The file of every preset but the default run's three (src/ui/store/code/presets.ts): one of
 * vite.config.ts's groups, which the manifest keys by its file, not by a module. */
const PRESETS_CHUNK = Object.entries(manifest).find(([key]) => /^_presets-/.test(key))![1].file;

/** Every script the page requests (workers included), as paths under the site. */
function scriptsOf(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) seen.add(path.slice(path.indexOf('assets/')));
  });
  return seen;
}

const loaded = (seen: Set<string>, ...names: (keyof typeof LAZY)[]) =>
  names.filter((name) => seen.has(chunkOf(LAZY[name])));

test('the embed player loads only what it shows, and the rest when asked for', async ({ page }) => {
  const seen = scriptsOf(page);
  await openLab(page, '#embed&preset=canonical-race&step=t6');
  await expect(page.getByRole('main', { name: 'Fencelab player' })).toBeVisible();
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(500);
  expect(loaded(seen, 'embed')).toEqual(['embed']);
  expect(loaded(seen, 'lab', 'lesson', 'lessons', 'recorded', 'comparison', 'cards', 'export')).toEqual([]);
  // The run is a preset's, drawn from its shipped run: no strategy's model is fetched, nor the
  // simulator.
  expect(loaded(seen, 'simulator', 'generic', ...SYSTEMS)).toEqual([]);
  // A short run never needs the timeline worker (the engine again), so it is not started.
  expect([...seen].filter((file) => file.includes('worker'))).toEqual([]);
  // Nor the engine's narration: the run's sentences come in the run; the lab's event table and
  // comparison use it (vite.config.ts keeps what the embed reads of a journal edit apart from it).
  const narration = Object.values(manifest).find((chunk) => /^assets\/narration-/.test(chunk.file))!.file;
  expect([...seen]).not.toContain(narration);
  // Nor the other 37 presets: the canonical race comes with the page, and so does its messaging
  // with the parent page, which fetches them only for a command that loads one.
  await expect.poll(() => loaded(seen, 'bridge')).toEqual(['bridge']);
  expect([...seen]).not.toContain(PRESETS_CHUNK);

  // An embed that shows the comparison and the cards loads them.
  await page.goto('./#embed&preset=canonical-race&step=t6&show=timeline,cards,comparison');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /Parties at this step/ })).toBeVisible();
  expect(loaded(seen, 'comparison', 'cards')).toEqual(['comparison', 'cards']);
  expect(loaded(seen, 'lab', 'lesson', 'lessons', 'recorded')).toEqual([]);
});

/** The paths the page requested before its first render (waiting for that render). */
const beforeFirstRender = async (page: Page) => {
  await page.waitForFunction(() => (window as unknown as { firstRenderMs?: number }).firstRenderMs !== undefined);
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime <= (window as unknown as { firstRenderMs: number }).firstRenderMs)
      .map((r) => new URL(r.name).pathname),
  );
};

test('an unchanged preset is drawn from the run the build computed, before any machine or the simulator is fetched', async ({
  context,
}) => {
  const machines = (['simulator', 'generic', ...SYSTEMS] as const).map((name) => chunkOf(LAZY[name]));
  for (const [hash, run] of [
    ['', 'canonical-race'],
    ['#preset=zookeeper-race&step=t4', 'zookeeper-race'],
    ['#embed&preset=etcd-race&step=t6', 'etcd-race'],
  ] as const) {
    // A page of its own each time: the same page would only follow the new hash, not load again.
    const page = await context.newPage();
    await page.addInitScript({ content: RECORD_FIRST_RENDER });
    await page.goto(`./${hash}`);
    await expect(page.getByTestId('narration').first()).toBeVisible();
    const fetched = await beforeFirstRender(page);
    expect(fetched.filter((path) => path.includes('/runs/'))).toContainEqual(
      expect.stringMatching(`/runs/${run}.json$`),
    );
    expect(machines.filter((file) => fetched.some((path) => path.endsWith(file)))).toEqual([]);
  }
});

test('a shipped run that is damaged is not used: the run is computed instead, with no message', async ({ page }) => {
  // The run's address carries the engine's id as a query: matched by its path.
  await page.route(
    (url) => url.pathname.endsWith('/runs/canonical-race.json'),
    (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"format":"fencelab.trace","version":1,"steps":[]}' }),
  );
  const seen = scriptsOf(page);
  await openLab(page);
  await expect(page.locator('.tl-svg').getByText('Lock service', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(loaded(seen, 'simulator', 'generic')).toEqual(['simulator', 'generic']);
});

test("a real system's model is fetched with the first run under it, and only then", async ({ page }) => {
  const seen = scriptsOf(page);
  await openLab(page);
  expect(loaded(seen, ...SYSTEMS)).toEqual([]);
  // The lab's own machines come once the page is idle, with the simulator, so its first change
  // does not wait for them.
  await expect.poll(() => loaded(seen, 'simulator', 'generic')).toEqual(['simulator', 'generic']);
  await page.getByLabel('Lock strategy').selectOption('etcd');
  await expect(page.locator('.tl-svg').getByText('etcd cluster', { exact: true })).toBeVisible();
  expect(loaded(seen, ...SYSTEMS)).toEqual(['etcd']);

  // A link to the preset carried to ZooKeeper (no shipped run is its) fetches ZooKeeper's model
  // before its first render, and draws that run first, not the default marked as recomputing.
  await expect(page).toHaveURL(/#preset=canonical-race&strategy=etcd&step=/);
  const etcdLink = page.url();
  await page.getByLabel('Lock strategy').selectOption('zookeeper');
  await expect(page).not.toHaveURL(etcdLink);
  const link = page.url();
  const fresh = await page.context().newPage();
  await fresh.addInitScript({ content: RECORD_FIRST_RENDER });
  await fresh.goto(link);
  await expect(fresh.locator('.tl-svg').getByText('ZooKeeper ensemble', { exact: true })).toBeVisible();
  await expect(fresh.locator('.computing-note')).toHaveCount(0);
  const fetched = await beforeFirstRender(fresh);
  expect(fetched.some((path) => path.endsWith(chunkOf(LAZY.zookeeper)))).toBe(true);
});

test('a model that cannot be fetched is said in words, and the run on screen stays', async ({ page }) => {
  await page.route(`**/${chunkOf(LAZY.chubby)}`, (route) => route.abort());
  await openLab(page);
  const before = await page.getByTestId('narration').innerText();
  await page.getByLabel('Lock strategy').selectOption('chubby');
  await expect(page.getByRole('alert')).toContainText(
    'Could not apply the strategy "chubby": the page could not fetch the code of "Chubby lock + sequencer" (offline, or the site was updated',
  );
  await expect(page.getByLabel('Lock strategy')).toHaveValue('fencing');
  expect(await page.getByTestId('narration').innerText()).toBe(before);
});

test("the real servers' view fetches the model's code with the first recording, and says so in words when it cannot", async ({
  page,
}) => {
  const seen = scriptsOf(page);
  await page.goto('./#recording=zookeeper-race');
  await expect(page.locator('[data-run="model"] svg.tl-svg')).toBeVisible();
  expect(loaded(seen, 'simulator', 'generic', ...SYSTEMS)).toEqual(['simulator', 'generic', ...SYSTEMS]);

  // A page of its own, which cannot fetch etcd's model: no run is drawn, and the view says why.
  const other = await page.context().newPage();
  await other.route(`**/${chunkOf(LAZY.etcd)}`, (route) => route.abort());
  await other.goto('./#recording=etcd-race');
  await expect(other.getByRole('alert')).toContainText(
    'The recording "etcd-race" could not be opened: the page could not fetch the lab’s model (offline, or the site was updated',
  );
  await expect(other.locator('[data-run]')).toHaveCount(0);
});

test('the lab loads the lessons when one is opened, and the export and the real servers not with the lab', async ({
  page,
}) => {
  const seen = scriptsOf(page);
  await openLab(page);
  expect(loaded(seen, 'lab')).toEqual(['lab']);
  expect(loaded(seen, 'embed', 'lesson', 'lessons', 'recorded', 'export')).toEqual([]);

  await page.getByRole('button', { name: 'Lesson for a class' }).click();
  await expect(page).toHaveURL(/#lesson=fencing-tokens/);
  expect(loaded(seen, 'lesson', 'lessons')).toEqual(['lesson', 'lessons']);
  expect(loaded(seen, 'recorded', 'export')).toEqual([]);
});

test("the embed's first render waits for one round of requests: six at most, as many as HTTP/1.1 fetches at once", async ({
  page,
}) => {
  // A browser fetches 6 files at a time from one server over HTTP/1.1 (a plain file server, or
  // `vite preview`). Left to itself the bundler split the embed's first render into 19 scripts,
  // and a slow phone waited for four rounds of them: vite.config.ts groups them (the 'page' chunk).
  // The run the page's starter asks for at once counts too: 6 scripts and it were still two rounds.
  // A link with no first view of its own (that of canonical-race is drawn at t6): the page's own
  // render is the first the reader sees.
  await page.addInitScript({ content: RECORD_FIRST_RENDER });
  await openLab(page, '#embed&preset=canonical-race&step=t4');
  const files = (await beforeFirstRender(page)).filter((path) => /\/(assets|runs|first)\//.test(path));
  // Not nothing: the measure sees the page's script and React DOM, and the run.
  expect(files.filter((path) => path.endsWith('.js')).length, files.join('\n')).toBeGreaterThanOrEqual(2);
  expect(
    files.filter((path) => path.includes('/runs/')),
    files.join('\n'),
  ).toHaveLength(1);
  expect(files.filter((path) => path.includes('/first/'))).toEqual([]);
  expect(files.length, files.join('\n')).toBeLessThanOrEqual(6);
});

test("the embed's first view waits for one round of requests and no script, the page's own render for it after", async ({
  page,
}) => {
  // The link a preset's first view is drawn for: what the reader sees first is that view, which
  // the starter asks for at once with the run (the file, its style sheet, the run: one round, with
  // no script to wait for). The page's code is asked for once it is drawn: a second round, behind
  // words already on the screen, so it is not held to one round here.
  await page.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (document.querySelector('.first-embed [data-testid="narration"]')) {
        window.firstViewMs = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });`,
  });
  await page.addInitScript({ content: RECORD_FIRST_RENDER });
  await openLab(page, '#embed&preset=canonical-race&step=t6');
  await beforeFirstRender(page);
  const files = await page.evaluate(() => {
    const at = (window as unknown as { firstViewMs?: number }).firstViewMs;
    return at === undefined
      ? null
      : performance
          .getEntriesByType('resource')
          .filter((r) => r.startTime <= at)
          .map((r) => new URL(r.name).pathname)
          .filter((path) => /\/(assets|runs|first)\//.test(path));
  });
  expect(files, 'the first view was never drawn').not.toBeNull();
  expect(
    files!.filter((path) => path.endsWith('.js')),
    files!.join('\n'),
  ).toEqual([]);
  expect(files!.filter((path) => path.includes('/first/')).sort(), files!.join('\n')).toEqual([
    expect.stringMatching(/\/first\/canonical-race\.json$/),
    expect.stringMatching(/\/first\/embed\.css$/),
  ]);
  expect(files!.length, files!.join('\n')).toBeLessThanOrEqual(6);
});

test("the page asks for the link's view and runs as it starts, before its script has run, and for each once", async ({
  page,
}) => {
  /** Every file the page fetched, in the order it asked, and how: 'link' is a preload's. */
  const asked = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r): [string, string] => [
          new URL(r.name).pathname.replace(/.*\/(assets|runs)\//, '$1/'),
          (r as PerformanceResourceTiming).initiatorType,
        ]),
    );
  const entry = manifest['index.html']!.file;
  const cases = [
    { hash: '#embed&preset=etcd-race&step=t4', view: LAZY.embed, runs: ['canonical-race', 'etcd-race'] },
    { hash: '', view: LAZY.lab, runs: ['canonical-race'] },
    { hash: '#preset=zookeeper-race&step=2', view: LAZY.lab, runs: ['canonical-race', 'zookeeper-race'] },
  ];
  for (const { hash, view, runs } of cases) {
    await page.goto('about:blank');
    await openLab(page, hash);
    const fetched = await asked();
    const files = fetched.map(([file]) => file);
    // The view's code is asked for before the page's own script (which would otherwise ask for it
    // only once it had run), and only once.
    expect(
      files.filter((file) => file === chunkOf(view)),
      hash || 'the lab',
    ).toHaveLength(1);
    expect(files.indexOf(chunkOf(view)), hash || 'the lab').toBeLessThan(files.indexOf(entry));
    // The other presets' file: with the view's code (before the page's script, once), for the lab
    // and for an embed of one of them.
    expect(
      files.filter((file) => file === PRESETS_CHUNK),
      hash || 'the lab',
    ).toHaveLength(1);
    expect(files.indexOf(PRESETS_CHUNK), hash || 'the lab').toBeLessThan(files.indexOf(entry));
    expect(
      fetched.filter(([file]) => file.startsWith('runs/')),
      hash || 'the lab',
    ).toEqual(runs.map((id) => [`runs/${id}.json`, 'link']));
  }
});

test('a lesson link opens the lesson at once, its code loaded before the first render', async ({ page }) => {
  const seen = scriptsOf(page);
  await page.goto('./#lesson=fencing-tokens&chapter=the-race&step=t4');
  // The first thing drawn is the lesson, not the lab and not a loading line.
  await expect(page.getByTestId('narration')).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  expect(loaded(seen, 'lesson', 'lessons')).toEqual(['lesson', 'lessons']);
  expect(loaded(seen, 'embed', 'recorded')).toEqual([]);
});

test('code that cannot be fetched is said in words, and changes nothing that was open', async ({ page }) => {
  // A view: the page says so and offers a reload, instead of going blank.
  await page.route(`**/${chunkOf(LAZY.lab)}`, (route) => route.abort());
  await page.goto('./');
  await expect(page.getByRole('alert')).toContainText('could not fetch it');
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await page.unroute(`**/${chunkOf(LAZY.lab)}`);

  // React DOM (imported by the page's script when it runs): the page cannot draw anything, and
  // says so in the first view's place, with a reload, rather than leaving it there unusable.
  const reactDom = chunkOf('node_modules/react-dom/client.js');
  await page.route(`**/${reactDom}`, (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Fencelab could not start');
  await expect(page.locator('.first-view')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await page.unroute(`**/${reactDom}`);

  // The lessons: the lab stays as it was, and the banner says what happened and what to do.
  await page.route(`**/${chunkOf(LAZY.lessons)}`, (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('narration')).toBeVisible();
  const before = await page.getByTestId('narration').innerText();
  await page.getByRole('button', { name: 'Lesson for a class' }).click();
  await expect(page.getByText(/Could not load the lessons: the page could not fetch them/)).toBeVisible();
  await expect(page).not.toHaveURL(/lesson=/);
  expect(await page.getByTestId('narration').innerText()).toBe(before);
});

test('an embed of a preset whose file cannot be fetched says so, and shows the default run instead', async ({
  page,
}) => {
  await page.route(`**/${PRESETS_CHUNK}`, (route) => route.abort());
  await openLab(page, '#embed&preset=etcd-race&step=t4');
  await expect(page.getByRole('alert')).toContainText('the page could not fetch its presets');
  await expect(page.locator('.tl-svg').getByText('Lock service', { exact: true })).toBeVisible();
  // The canonical race, which came with the page, still opens by its link.
  await page.unroute(`**/${PRESETS_CHUNK}`);
  await page.route(`**/${PRESETS_CHUNK}`, (route) => route.abort());
  await page.goto('about:blank');
  await openLab(page, '#embed&preset=canonical-race&step=t6');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.narration .step-label')).toHaveText('t6');
});

test('a page that began as an embed or the recordings, turned into the lab in place, holds every preset', async ({
  page,
}) => {
  // The link back with its "#embed&" taken out, typed into the same tab: no reload.
  await openLab(page, '#embed&preset=canonical-race&step=t6');
  await page.evaluate(() => (window.location.hash = '#preset=canonical-race&step=2'));
  await expect(page.getByRole('heading', { name: 'Strategy and knobs' })).toBeVisible();
  await page.getByLabel('Scenario', { exact: true }).selectOption('etcd-race');
  await expect(page.locator('.tl-svg').getByText('etcd cluster', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/#preset=etcd-race&step=/);
  // The recordings' "Back to the lab", from a page opened on them.
  await page.goto('about:blank');
  await page.goto('./#recordings');
  await page.getByRole('button', { name: 'Back to the lab' }).click();
  await expect(page.getByRole('heading', { name: 'Strategy and knobs' })).toBeVisible();
  await page.getByLabel('Scenario', { exact: true }).selectOption('zookeeper-race');
  await expect(page.locator('.tl-svg').getByText('ZooKeeper ensemble', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

// A lesson fetches every model and the simulator for the page's runs, and the real servers' view
// has its own: a run no file holds (a lesson's own scenario, a changed strategy) then runs, and is
// not refused.
test('after a lesson or the real servers opened first, a run that is not shipped still runs', async ({
  page,
  browser,
  baseURL,
}) => {
  const seen = scriptsOf(page);
  await page.goto('./#lesson=fencing-tokens&chapter=order-at-the-store&step=arrives-first');
  await expect(page.locator('.lesson')).toHaveAttribute('data-where', 'order-at-the-store/arrives-first');
  await expect(page.getByTestId('narration')).toContainText('33');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(loaded(seen, 'lessons')).toEqual(['lessons']);

  // A browser of its own (no lesson to go back to): the real servers' view opened by its link,
  // then the lab changed.
  const other = await browser.newContext({ baseURL });
  const fresh = await other.newPage();
  await fresh.goto('./#recording=etcd-race');
  await expect(fresh.getByRole('heading', { level: 1, name: 'Real servers' })).toBeVisible();
  await fresh.getByRole('button', { name: 'Back to the lab' }).click();
  await fresh.getByLabel('Lock strategy').selectOption('lease-trust');
  await expect(fresh.getByLabel('Lock strategy')).toHaveValue('lease-trust');
  await expect(fresh.locator('.tl-svg').getByText('Lock service', { exact: true })).toBeVisible();
  await expect(fresh.getByRole('alert')).toHaveCount(0);
  await other.close();
});
