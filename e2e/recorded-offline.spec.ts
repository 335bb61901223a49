// Failures told for what they are, against the built site, with the network cut by Playwright's
// route interception: a recording the page could not fetch says offline, a missing one says the
// site has no such file, an invalid one names the observation and the field; what was shown before
// stays. The comparison and a long run imported from a file, whose workers' code cannot be
// fetched, say offline too, instead of "stopped unexpectedly".
import { expect, test, type Page } from '@playwright/test';
import { openLab } from './helpers';

const recorded = (page: Page) => page.locator('[data-run="recorded"]');
const alert = (page: Page) => page.getByRole('alert');

test('a recording offline, missing or invalid is said for what it is, and the one shown stays', async ({ page }) => {
  await page.goto('./#recording=zookeeper-race');
  await expect(recorded(page).getByRole('heading', { name: /Recorded on ZooKeeper/ })).toBeVisible();

  await page.route('**/recordings/etcd-race.json', (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => (window.location.hash = '#recording=etcd-race'));
  await expect(alert(page)).toContainText(
    'The recording "etcd-race" could not be opened: the page could not fetch the file (offline',
  );
  await expect(alert(page)).toContainText('Still showing zookeeper-race');

  await page.route('**/recordings/etcd-restore.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.evaluate(() => (window.location.hash = '#recording=etcd-restore'));
  await expect(alert(page)).toContainText('the site has no such file (404)');
  await expect(alert(page)).not.toContainText('offline');

  // The input: an etcd token that is not a decimal number.
  const file = await page.request.get('recordings/etcd-txn-race.json');
  const rec = (await file.json()) as { observations: { token?: string }[] };
  const i = rec.observations.findIndex((o) => o.token !== undefined);
  rec.observations[i]!.token = 'x2';
  await page.route('**/recordings/etcd-txn-race.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(rec) }),
  );
  await page.evaluate(() => (window.location.hash = '#recording=etcd-txn-race'));
  await expect(alert(page)).toContainText(
    `"observations[${i}].token" is "x2", not an etcd revision, a whole decimal number below 2^63.`,
  );
  await expect(alert(page)).not.toContainText('offline');
  await expect(recorded(page).getByRole('heading', { name: /Recorded on ZooKeeper/ })).toBeVisible();
});

test("the comparison says offline when its workers' code cannot be fetched", async ({ page }) => {
  await openLab(page);
  await page.route(/\/assets\/(compare\.worker|comparison)-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await expect(page.getByText(/^The comparison could not finish: the page could not fetch/)).toContainText(
    '(offline, or the site was updated',
  );
});

test('a long run imported from a file says offline when the code that computes it cannot be fetched', async ({
  page,
}) => {
  await openLab(page);
  await page.route(/\/assets\/timeline\.worker-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  const actions: object[] = [];
  for (let i = 0; i < 400; i++) {
    const client = `Client${(i % 3) + 1}`;
    actions.push({ atMs: i * 60, type: 'acquire', client }, { atMs: i * 60 + 40, type: 'release', client });
  }
  const scenario = { format: 'fencelab.scenario', version: 1, name: 'Long', strategy: 'fencing', clients: 3, actions };
  await page.getByTestId('import-file').setInputFiles({
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await expect(alert(page)).toContainText('Could not open the file long.json');
  await expect(alert(page)).toContainText('the page could not fetch the code that computes long runs (offline');

  // Back online, the same file opens: the worker that could not start is not kept.
  await page.unroute(/\/assets\/timeline\.worker-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByTestId('import-file').setInputFiles({
    name: 'long-again.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...scenario, name: 'Long again' })),
  });
  await expect(page.locator('.scenario-intro')).toContainText('Long again');
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('slider', { name: 'Step' })).toHaveAttribute('max', /^[1-9]\d{3,}$/);
  await expect(alert(page)).toHaveCount(0);
});
