// Long runs do not freeze the page: a worker computes them (resuming a fork from a checkpoint),
// the page says so meanwhile and stays usable, and the result is the same run a fresh load gives.
// The comparison runs when its tab is shown, row by row, can be stopped and run again, and does
// not run for edits made while it is hidden.
// These runs take seconds of CPU each: 22 and 28 s on a 2-core machine with other work running, near
// Playwright's default 30 s per test, which a busier host passes. Each test's own limit covers the
// waits it is made of (every wait here is for the page to say it is done, never a fixed sleep).
import { deflateRawSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { STRATEGY_IDS } from '../src/engine/core/defaults';
import { openLab, scrubTo } from './helpers';

/** The comparison has one row per strategy. */
const ROWS = STRATEGY_IDS.length;

/** Clients take turns to acquire, write and release; every seventh pauses past its lease. */
function longScenario(rounds: number) {
  const actions: object[] = [];
  let t = 0;
  for (let i = 0; i < rounds; i++) {
    const client = `Client${(i % 3) + 1}`;
    actions.push({ atMs: t, type: 'acquire', client });
    actions.push({ atMs: t + 20, type: 'write', client, value: `v${i}` });
    if (i % 7 === 3) actions.push({ atMs: t + 25, type: 'pause', client, durationMs: 1500 });
    actions.push({ atMs: t + 40, type: 'release', client });
    t += 60;
  }
  return {
    format: 'fencelab.scenario',
    version: 1,
    name: `Long run (${rounds} rounds)`,
    seed: 11,
    strategy: 'fencing',
    clients: 3,
    actions,
  };
}

const linkTo = (scenario: object) => `#s=${deflateRawSync(JSON.stringify(scenario)).toString('base64url')}&step=0`;

const lastStep = async (page: Page) => Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'));

/** Counts the scenarios the page hands to comparison workers (one per worker per comparison). */
const COUNT_COMPARISONS = `
  window.comparisonsSent = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'scenario') window.comparisonsSent += 1;
    return post.call(this, message, ...rest);
  };`;

test('a long run is computed off the page, which says so meanwhile; a fork gives the run a fresh load gives', async ({
  page,
  context,
}) => {
  test.setTimeout(200_000); // three runs of up to 60 s each
  await openLab(page, linkTo(longScenario(600)));
  // The page answers at once, saying the run is on its way, then shows it.
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 60_000 });
  const steps = await lastStep(page);
  expect(steps).toBeGreaterThan(2000);

  await scrubTo(page, Math.floor(steps / 2));
  await page.getByLabel('What happens', { exact: true }).selectOption({ label: 'Expire the lease now' });
  // A fork of this run resumes from a checkpoint and is quick: watch for the note rather than wait for it.
  await page.evaluate(() => {
    const w = window as unknown as { sawComputing: boolean };
    w.sawComputing = false;
    new MutationObserver(() => {
      if (document.querySelector('.computing-note')) w.sawComputing = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.getByRole('button', { name: /Apply at/ }).click();
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { sawComputing: boolean }).sawComputing)).toBe(true);
  await expect(page.getByTestId('your-actions')).toContainText('expires the lease now');
  const forked = { last: await lastStep(page), verdict: await page.locator('.verdict').innerText() };

  // The same scenario opened from its own link, run from the start, shows the same run.
  await expect(page).toHaveURL(/#s=/);
  const other = await context.newPage();
  await openLab(other, new URL(page.url()).hash);
  await expect(other.locator('.computing-note')).toBeHidden({ timeout: 60_000 });
  expect({ last: await lastStep(other), verdict: await other.locator('.verdict').innerText() }).toEqual(forked);
});

test('the comparison shows progress, can be stopped and run again, and does not run while hidden', async ({ page }) => {
  test.setTimeout(480_000); // a comparison of up to 240 s and three runs of up to 60 s
  await page.addInitScript({ content: COUNT_COMPARISONS });
  await openLab(page, linkTo(longScenario(1500)));
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  const progress = page.locator('.compare-progress');
  await expect(progress).toContainText(`of ${ROWS} done`);
  await progress.getByRole('button', { name: 'Stop' }).click();
  await expect(progress).toContainText(new RegExp(`Stopped after \\d of ${ROWS} strategies`));
  await expect(page.locator('.compare-table tr.waiting').first()).toContainText('Not run.');

  await progress.getByRole('button', { name: 'Run the comparison again' }).click();
  await expect(progress).toBeHidden({ timeout: 240_000 });
  await expect(page.locator('.compare-table tbody tr')).toHaveCount(ROWS);
  await expect(page.locator('.compare-table tr.waiting')).toHaveCount(0);
  const sent = await page.evaluate(() => (window as unknown as { comparisonsSent: number }).comparisonsSent);

  // Hidden: edits do not start a comparison. Shown again: one comparison, for the scenario as it is now.
  await page.getByRole('tab', { name: 'Event table' }).click();
  await page.getByLabel('Seed').fill('12');
  await page.getByLabel('Seed').press('Enter');
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 60_000 });
  await page.getByLabel('Seed').fill('13');
  await page.getByLabel('Seed').press('Enter');
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { comparisonsSent: number }).comparisonsSent)).toBe(sent);
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await expect(progress).toContainText(`of ${ROWS} done`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { comparisonsSent: number }).comparisonsSent))
    .toBeGreaterThan(sent);
});
