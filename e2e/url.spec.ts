// Shareable links: the URL carries the scenario and the cursor; opening it reproduces the view.
// A damaged link says what is wrong and opens the default scenario instead.
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { cursorStep, openLab, screenshot, seekToLabel, visibleState } from './helpers';

test('a shared link reopens the same scenario at the same step', async ({ page, context }) => {
  await openLab(page);
  await seekToLabel(page, 't1');
  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Expire the lease now' });
  await page.getByRole('button', { name: /Apply at/ }).click();
  await seekToLabel(page, 't3');
  const step = await cursorStep(page);
  await expect(page).toHaveURL(new RegExp(`#s=.+&step=${step}&own=5$`));
  const state = await visibleState(page);

  const other = await context.newPage();
  await openLab(other, new URL(page.url()).hash);
  expect(await cursorStep(other)).toBe(step);
  expect(await visibleState(other)).toBe(state);
  await expect(other.getByTestId('your-actions')).toContainText('The lock service expires the lease now');
  await expect(other.getByRole('alert')).toHaveCount(0);
});

test('Back to the address with no link opens what that address opens: the default run, at its start', async ({
  page,
}) => {
  await openLab(page);
  await page.goto('./#preset=zookeeper-race&step=t4');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('zookeeper-race');
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('canonical-race');
  await expect(page.getByTestId('position')).toContainText('Step 0 /');
  await expect(page.getByTestId('narration')).toHaveText(/Client1 asks LockService for the lock/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the share button copies a link to this view', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLab(page);
  await seekToLabel(page, 't6');
  await page.getByRole('button', { name: 'Share this view' }).click();
  await expect(page.locator('.share-status')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // An unchanged preset shares by its name, and a labelled step by its label: short and readable.
  expect(link).toMatch(/#preset=canonical-race&step=t6$/);
});

test('a preset under another strategy shares as a short link, which opens it; the embed code says the same', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLab(page);
  await page.getByLabel('Lock strategy').selectOption('etcd');
  await seekToLabel(page, 't4');
  const step = await cursorStep(page);
  await expect(page).toHaveURL(new RegExp(`#preset=canonical-race&strategy=etcd&step=${step}$`));
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain('#embed&amp;preset=canonical-race&amp;strategy=etcd&amp;step=t4"');
  // Its title says under which strategy, for a screen reader in the docs page.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'title="Fencelab: The canonical race, under etcd lock + revision"',
  );

  // Written by hand, as a docs author would: the lab opens it under etcd at t4.
  const other = await context.newPage();
  await openLab(other, '#preset=canonical-race&strategy=etcd&step=t4');
  await expect(other.getByLabel('Lock strategy')).toHaveValue('etcd');
  expect(await cursorStep(other)).toBe(step);
  await expect(other.getByRole('alert')).toHaveCount(0);
  // A strategy the lab does not have is named, and the run that was open stays.
  await openLab(other, '#preset=canonical-race&strategy=etcd3&step=t4');
  await expect(other.getByRole('alert')).toContainText('strategy "etcd3" that the lab does not have');
  await expect(other.getByRole('alert')).toContainText('the run that was open is still open');
  await expect(other.getByLabel('Lock strategy')).toHaveValue('etcd');
});

test('one copy notice at a time, and on screen, on a laptop and a phone', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const [width, height] of [
    [1280, 800],
    [960, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openLab(page);
    await page.getByRole('button', { name: 'Share this view' }).click();
    await expect(page.locator('.share-status')).toContainText('Link copied');
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    const embed = page.locator('.embed-code-status');
    await expect(embed).toContainText('Embed code copied');
    // The link's notice gave way to the embed code's at once (each fades by itself after 4 s, so
    // these are read now, not waited for).
    expect(await page.locator('.share-status').textContent()).toBe('');
    const box = (await embed.boundingBox())!;
    expect(box.x, `at ${width}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `at ${width}`).toBeLessThanOrEqual(width);
    // While it shows, what it lies over still takes a click: on a laptop it covered "Stop at each
    // labelled step" and took the click meant for it (found by two people trying the lab). On a
    // phone that box is screens below.
    if (width < 600) continue;
    const words = page.getByText('Stop at each labelled step', { exact: true });
    const under = await words.evaluate((label) => {
      const r = label.getBoundingClientRect();
      const points = [0.1, 0.5, 0.9].flatMap((x) => [0.2, 0.8].map((y) => [r.x + r.width * x, r.y + r.height * y]));
      return points.every(([x, y]) => label.contains(document.elementFromPoint(x!, y!)));
    });
    expect(under, `at ${width}`).toBe(true);
    await expect(embed).toContainText('Embed code copied');
  }
});

test('a link names a step by its label, and says so when the run has no such label', async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=t6');
  expect(await cursorStep(page)).toBe(16);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Once the cursor moves, the link names the step by number.
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/#preset=canonical-race&step=15$/);
  await openLab(page, '#preset=zookeeper-race&step=t9');
  await expect(page.getByRole('alert')).toContainText('labelled "t9"');
  expect(await cursorStep(page)).toBe(0);
});

test('a link with a parameter the lab does not take names it, and opens the rest', async ({ page }) => {
  await openLab(page, '#preset=etcd-race&step=t4&stepp=2');
  await expect(page.getByRole('alert')).toContainText('"stepp", which a lab link does not take');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('etcd-race');
  await expect(page.locator('.narration .step-label')).toHaveText('t4');
  // An embed link says so too, in its frame.
  await page.goto('./#embed&preset=canonical-race&stepp=t3');
  await expect(page.getByRole('alert')).toContainText('"stepp", which an embed link does not take');
});

test('where the clipboard is blocked, the link is shown to copy by hand until closed', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('blocked')) },
    });
  });
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLab(page);
  await page.getByRole('button', { name: 'Share this view' }).click();
  const field = page.getByLabel('Link to this view');
  await expect(field).toHaveValue(/#preset=canonical-race&step=0$/);
  const box = (await page.locator('.share-status').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1024);
  await page.locator('.share-status').getByRole('button', { name: 'Close' }).click();
  await expect(field).toHaveCount(0);
});

for (const [name, hash, message] of [
  ['damaged data', '#s=not-a-real-scenario&step=3', /damaged|not valid/],
  [
    'a hand-edited field',
    `#s=${deflateRawSync(JSON.stringify({ format: 'fencelab.scenario', version: 1, strategy: 'fencing', clients: 42 })).toString('base64url')}`,
    /clients/,
  ],
  ['a bad step', `#preset=canonical-race&step=-3`, /step/],
  ['an unknown preset', '#preset=nope', /nope/],
] as const) {
  test(`a link with ${name} shows a message and opens the default scenario`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openLab(page, hash);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(message);
    await expect(alert).toContainText('The default scenario is open instead');
    await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('canonical-race');
    await expect(page.getByTestId('position')).toContainText('Step 0 / 17');
    // The address now names what is open, so a reload does not repeat the error.
    await expect(page).toHaveURL(/#preset=canonical-race&step=0$/);
    if (name === 'a hand-edited field') await screenshot(page, 'malformed-link');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('a link past the last step opens at the last step and says so', async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=500');
  await expect(page.getByRole('alert')).toContainText('step 500');
  expect(await cursorStep(page)).toBe(17);
});
