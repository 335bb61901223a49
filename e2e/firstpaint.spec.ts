// The first paint is the view itself, and nothing moves once drawn: not a loading line replaced
// by the view, not the panels drawn just after the first paint, not a scrollbar arriving with
// them. Headless Chromium hides scrollbars unless told not to; a desktop browser shows them, and
// one that appears after the first paint narrows the page, a layout shift.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
  viewport: { width: 1350, height: 940 },
});

test('the first paint is the view itself: nothing moves once drawn, in the lab, a lesson or the embed', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const hash of ['', '#lesson=fencing-tokens', '#embed&preset=canonical-race&step=t6']) {
    await page.goto(`./${hash}`);
    await page.reload();
    await expect(page.getByTestId('narration')).toBeVisible();
    // The panels drawn just after the first paint land below or beside it, moving nothing.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), hash || 'the lab').toBe(0);
  }
});

// A slow link delivers the page's HTML in parts, and Chromium paints whatever it has parsed when
// a part ends. This server sends the page in two parts, split inside the first view, 400 ms
// apart; every other file is passed through from the preview server whole.
test.describe('when the page arrives in parts', () => {
  let server: Server;
  let origin = '';
  let unsplit = false;
  test.beforeAll(async ({ baseURL }) => {
    server = createServer((req, res) => {
      void (async () => {
        const upstream = await fetch(new URL(req.url ?? '/', baseURL));
        const body = Buffer.from(await upstream.arrayBuffer());
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' });
        const html = upstream.headers.get('content-type')?.includes('text/html');
        // Inside the first view: the page's own style sheet (in its head) names tl-legend too.
        const split = html ? body.indexOf('class="tl-legend"', body.indexOf('<div id="root">')) : -1;
        if (html && split < 0) unsplit = true;
        if (split < 0) return res.end(body);
        res.write(body.subarray(0, split));
        setTimeout(() => res.end(body.subarray(split)), 400);
      })();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((done) => server.close(() => done())));

  test('the first view is painted whole, not its first part and then the rest beside it', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number; wholeAtFirstFrame?: boolean };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
      requestAnimationFrame(() => {
        w.wholeAtFirstFrame = document.getElementById('first-view-end') !== null;
      });
    });
    await page.goto(`${origin}/`);
    await expect(page.getByTestId('narration')).toBeVisible();
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() => {
      const { shifts, wholeAtFirstFrame } = window as unknown as { shifts: number; wholeAtFirstFrame?: boolean };
      return { shifts, wholeAtFirstFrame };
    });
    expect(unsplit, 'the page was sent in two parts, split inside its first view').toBe(false);
    expect(seen.wholeAtFirstFrame, 'the whole first view had been parsed at the first frame').toBe(true);
    expect(seen.shifts).toBe(0);
  });
});

test("the lab's code is asked for once its first view is on the screen, not while it is being drawn", async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.locator('.first-view')).toHaveCount(0);
  const { painted, scripts } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js'))
      .map((r) => ({ name: r.name.replace(/.*\//, ''), at: r.startTime })),
  }));
  expect(painted).not.toBeNull();
  // React DOM comes with the page's script, asked for by the page's starter (not once the script
  // has run and found it needs it).
  expect(scripts.some((s) => s.name.startsWith('client-'))).toBe(true);
  for (const script of scripts) expect(script.at, script.name).toBeGreaterThanOrEqual(painted!);
});

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test("the page's HTML already shows the default run, and only where no link names something else", async ({
    page,
  }) => {
    await page.goto('./');
    const view = page.locator('.first-view');
    await expect(view.getByTestId('narration')).toHaveText('Client1 asks LockService for the lock.');
    await expect(view.getByTestId('verdict')).toContainText('no stale write got in');
    await expect(view.getByRole('heading', { name: 'Fencelab', level: 1 })).toBeVisible();
    // Its controls cannot be used before the page's own view replaces it.
    await expect(view).toHaveAttribute('inert', '');
    // The drawing's room is kept, so the page does not grow when the timeline is drawn.
    expect((await view.locator('.tl-placeholder').boundingBox())?.height).toBeGreaterThan(200);
  });

  test('the page carries its own styles: the first view is drawn styled with no style sheet fetched', async ({
    page,
  }) => {
    const sheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') sheets.push(request.url());
    });
    await page.goto('./');
    // The lab's grid (base.css) is in force: the side column is beside the run, not under it.
    await expect(page.locator('.first-view .app')).toHaveCSS('display', 'grid');
    const run = await page.locator('.first-view .lab-main').boundingBox();
    const side = await page.locator('.first-view .lab-side').boundingBox();
    expect(side!.x).toBeGreaterThan(run!.x + run!.width - 1);
    expect(sheets, 'style sheets fetched before the first paint').toEqual([]);
  });
});

test('the page takes its first view over as it is: the same elements, the markup a fresh render draws, usable', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  // The first view's own elements, kept as the HTML is parsed, before any script of the page runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { built: Element | null }).built = document.querySelector('.first-view .app');
    });
  });
  await page.goto('./');
  await expect(page.locator('.first-view')).toHaveCount(0);
  await expect(page.locator('.tl-svg')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { built: Element | null }).built?.isConnected)).toBe(true);
  expect(
    await page.evaluate(
      () => (window as unknown as { built: Element | null }).built === document.querySelector('.app'),
    ),
    'the page kept the elements the HTML brought',
  ).toBe(true);
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  // React keeps a hydrated attribute as the HTML had it: the markup must be what a fresh render
  // draws of the same view (here, the same run opened by a link, which is drawn afresh).
  const markup = () =>
    page.evaluate(() =>
      (document.querySelector('.app')?.outerHTML ?? '')
        // Not the view: text separators, ids from useId, the attributes' order, a select's option.
        .replace(/<!-- -->/g, '')
        .replace(/_[Rr]_\w+_/g, 'ID')
        .replace(/ selected=""/g, '')
        .replace(/<(input|select)([^>]*)>/g, (_, tag: string, attrs: string) => {
          const list = attrs.match(/\s[\w-]+(="[^"]*")?/g) ?? [];
          return `<${tag}${[...list].sort().join('')}>`;
        }),
    );
  await page.waitForTimeout(500);
  const hydrated = await markup();
  await page.goto('./#preset=canonical-race&step=0');
  await page.reload();
  await expect(page.locator('.tl-svg')).toBeVisible();
  await page.waitForTimeout(500);
  expect(hydrated).toBe(await markup());
  // Usable: a click on the page's own controls does what it says.
  await page.goto('about:blank');
  await page.goto('./');
  await expect(page.locator('.first-view')).toHaveCount(0);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByTestId('position')).toContainText('Step 1 /');
  expect(problems).toEqual([]);
});

test('a tap on the first view before the page has taken it over is done once it has', async ({ page }) => {
  // The page's script comes late, as on a slow phone: the first view is on screen, and inert. It
  // is held until the taps are done, not for a fixed time a busy host could take to tap.
  let arrive = () => {};
  const held = new Promise<void>((done) => (arrive = done));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not until 'load': that waits for the page's script, and the page has taken its view over by then.
  await page.goto('./', { waitUntil: 'domcontentloaded' });
  const first = page.locator('.first-view');
  const tap = async (selector: string) => {
    const box = (await first.locator(selector).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  await tap('button[aria-label="Step forward"]');
  await tap('.playback-options label:first-child input');
  expect(await first.count(), 'the taps came before the page took its first view over').toBe(1);
  arrive();
  await expect(first).toHaveCount(0);
  await expect(page.getByTestId('position')).toContainText('Step 1 /');
  await expect(page.getByRole('checkbox', { name: 'Stop at each labelled step' })).toBeChecked();
});

test('a page opened again from the history shows its controls as the run is, not as they were left', async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.locator('.first-view')).toHaveCount(0);
  const stop = page.getByRole('checkbox', { name: 'Stop at each labelled step' });
  await stop.check();
  // Away and Back: Chromium here keeps no page cache, so the page is loaded again from the history,
  // and the browser puts back what its form controls held (a ticked box in the first view).
  await page.goto('about:blank');
  await page.goBack();
  await expect(page.locator('.first-view')).toHaveCount(0);
  await expect(stop).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('canonical-race');
});

test('a link to another view never shows the default run first, and the page then replaces it', async ({ page }) => {
  await page.goto('./#preset=zookeeper-race&step=t4', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.first-view')).toBeHidden({ timeout: 1 });
  await expect(page.locator('.tl-svg').getByText('ZooKeeper ensemble', { exact: true })).toBeVisible();
  await expect(page.locator('.first-view')).toHaveCount(0);
  await page.goto('./');
  await expect(page.getByRole('heading', { name: /Strategy and knobs/ })).toBeVisible();
  await expect(page.locator('.first-view')).toHaveCount(0);
  await expect(page.locator('.app')).toHaveCount(1);
});
