// The "Real servers" view against the built site: opened from the lab's header and by link, both
// runs drawn with their lanes, the zombie's verdict from real etcd, a missing or malformed
// recording said in words (and nothing shown before replaced), the way back, and no axe
// violations. Screenshots at a laptop's and a phone's size go to test-results/screenshots.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openLab, screenshot } from './helpers';

const recorded = (page: Page) => page.locator('[data-run="recorded"]');
const model = (page: Page) => page.locator('[data-run="model"]');

/** Both timelines are drawn, each with these lane names (the servers' differ: one real, one modelled). */
async function expectBothRuns(page: Page, lanes: string[], real: string, modelled: string) {
  for (const [run, server] of [
    [recorded(page), real],
    [model(page), modelled],
  ] as const) {
    const svg = run.locator('svg.tl-svg');
    await expect(svg).toBeVisible();
    for (const lane of [server, ...lanes]) await expect(svg.getByText(lane, { exact: true }).first()).toBeVisible();
  }
}

test('the lab opens the view from its header, shows the recording beside the model, and goes back', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openLab(page);
  await page.getByRole('button', { name: 'Real servers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Real servers' })).toBeVisible();
  await expect(page).toHaveURL(/#recording=etcd-race$/);
  await expect(recorded(page).getByRole('heading', { name: /Recorded on etcd 3\.4\.23, 2026-/ })).toBeVisible();
  await expect(model(page).getByRole('heading', { name: "The lab's model of the same schedule" })).toBeVisible();
  await expectBothRuns(page, ['Client1', 'Client2', 'Storage'], 'etcd server', 'etcd cluster');
  await expect(page.getByText(/The real lease of Client1 ended \d+ ms later than the model's/)).toBeVisible();
  await expect(page.getByText(/sweeps every 500 ms/)).toBeVisible();

  await page.getByRole('button', { name: 'Back to the lab' }).click();
  await expect(page.getByTestId('narration')).toBeVisible();
  await expect(page).not.toHaveURL(/recording/);
  expect(errors).toEqual([]);
});

test("by link: etcd's verdict on the zombie's write, stepped to in the recorded run", async ({ page }) => {
  await page.goto('./#recording=etcd-race');
  const run = recorded(page);
  await expect(run.getByTestId('narration')).toContainText('Client1 asks etcd for the lock.');
  await run.getByRole('button', { name: 'Go to the last step' }).click();
  await run.getByRole('button', { name: 'Step back' }).click();
  await expect(run.getByTestId('narration')).toContainText('That write came from a zombie');
  await expect(run.getByTestId('comparison')).toContainText('2 <= 4 -> REJECT');
  await expect(run.locator('.event-table tr.current')).toContainText('REJECT');
  // The model's run keeps its own cursor.
  await expect(model(page).getByTestId('narration')).toContainText('Client1 asks etcd for the lock.');
});

test('another recording from the list; Redis has five master lanes in both runs', async ({ page }) => {
  await page.goto('./#recordings');
  await expect(page.getByText('Pick a recording above to see it.')).toBeVisible();
  await page.getByRole('link', { name: /Redis .*five Redis masters/ }).click();
  await expect(page).toHaveURL(/#recording=redlock-race$/);
  await expectBothRuns(
    page,
    ['Redis master 1', 'Redis master 5', 'Client1', 'Storage'],
    'Redis master 2',
    'Redis master 2',
  );
});

test('a missing or malformed recording is said in one sentence and changes nothing shown', async ({ page }) => {
  await page.route('**/recordings/broken.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"format":"fencelab.recording","version":1}' }),
  );
  await page.goto('./#recording=no-such-race');
  await expect(page.getByRole('alert')).toContainText('The recording "no-such-race" could not be opened');
  await expect(page.getByRole('alert')).toContainText('no such file');

  await page.goto('./#recording=zookeeper-race');
  await expect(recorded(page).getByRole('heading', { name: /Recorded on ZooKeeper/ })).toBeVisible();
  await page.evaluate(() => (window.location.hash = '#recording=broken'));
  await expect(page.getByRole('alert')).toContainText('"id" should be a non-empty text');
  await expect(page.getByRole('alert')).toContainText('Still showing zookeeper-race');
  await expect(recorded(page).getByRole('heading', { name: /Recorded on ZooKeeper/ })).toBeVisible();
  await expect(page.getByText(/at .*\.ts:\d+|TypeError/)).toHaveCount(0);
});

test('no axe violations; screenshots at 1280x800 and 390x844', async ({ page }) => {
  for (const [name, size] of [
    ['recorded-1280', { width: 1280, height: 800 }],
    ['recorded-390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('./#recording=etcd-race');
    await expectBothRuns(page, ['Client1'], 'etcd server', 'etcd cluster');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }
});
