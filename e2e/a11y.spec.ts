// What a screen reader or keyboard user depends on (issue 13, item 5): a changed verdict is said
// once, in words, and a cursor step does not say it again; no heading or control is named by its
// legend marks; a skip link leads past the header; the hidden file input is not a second Import
// control; and "Writes sent" counts the run, not the grant. Axe checks every view touched here.
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { cursorStep, fileAction, openLab } from './helpers';

/** Marks drawn as legends or decoration, which a screen reader reads out as "black circle". */
const GLYPHS = /[\u2190-\u21ff\u2300-\u23ff\u25a0-\u25ff\u2600-\u27bf\u2b00-\u2bff]/u;

/** The accessible names of headings, buttons, links, tabs and table headers and cells on the page. */
async function namesOf(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const names: string[] = [];
  for (const line of snapshot.split('\n')) {
    const m = /^\s*- '?(heading|button|link|tab|columnheader|rowheader|cell) "((?:[^"\\]|\\.)*)"/.exec(line);
    if (m) names.push(`${m[1]} "${m[2]}"`);
  }
  return names;
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);
}

/** Keys go to the page, not to the control that kept the focus (a select owns the arrows). */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('a strategy switch that changes the verdict is announced once, and a cursor step does not repeat it', async ({
  page,
}) => {
  await openLab(page, '#preset=canonical-race&step=t4');
  const news = page.getByTestId('verdict-news');
  // A polite live region, there from the start and empty: nothing to announce yet.
  await expect(news).toHaveAttribute('aria-live', 'polite');
  await expect(news).toHaveText('');

  await page.getByLabel('Lock strategy').selectOption('lease-trust');
  await expect(news).toHaveText('The verdict for the whole run is now: 1 safety rule (invariant) broken.');
  await expect(page.getByTestId('verdict')).toContainText('1 safety rule (invariant) broken.');
  // The narration keeps quiet for that change: one announcement, not two at once.
  await expect(page.getByTestId('narration')).toHaveAttribute('aria-live', 'off');

  // A plain cursor step: the narration speaks, the verdict's region does not change at all.
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="verdict-news"]')!;
    const w = window as unknown as { verdictMutations: number };
    w.verdictMutations = 0;
    new MutationObserver((records) => (w.verdictMutations += records.length)).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await blur(page);
  const before = await cursorStep(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('position')).toContainText(`Step ${before + 1} /`);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('position')).toContainText(`Step ${before} /`);
  await expect(page.getByTestId('narration')).toHaveAttribute('aria-live', 'polite');
  expect(await page.evaluate(() => (window as unknown as { verdictMutations: number }).verdictMutations)).toBe(0);

  // And back: the verdict changes again, so it is said again, in words.
  await page.getByLabel('Lock strategy').selectOption('fencing');
  await expect(news).toHaveText(
    'The verdict for the whole run is now: Every safety rule (invariant) held; no stale write got in.',
  );
  await expectNoAxeViolations(page);
});

test('with the future hidden, a change of run announces no verdict', async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=t4');
  await page.getByLabel('Hide what has not happened yet').check();
  await expect(page.getByTestId('verdict')).toContainText('Not yet');
  await page.getByLabel('Lock strategy').selectOption('lease-trust');
  await expect(page.getByTestId('verdict')).toContainText('Not yet');
  await expect(page.getByTestId('verdict-news')).toHaveText('');
});

for (const [view, hash] of [
  ['lab', '#preset=canonical-race&step=t6'],
  ['lab, three journal nodes', '#preset=qjm-race&step=5'],
  ['lesson', '#lesson=fencing-tokens&chapter=the-race&step=t4'],
  ['lesson, presenting', '#lesson=fencing-tokens&chapter=the-race&step=t4&present'],
  ['recorded', '#recording=etcd-race'],
  ['embed', '#embed&preset=canonical-race&step=t6&show=timeline,narration,transport,cards,events'],
] as const) {
  test(`no heading, button, link or table cell in the ${view} view is named with legend marks`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`./${hash}`);
    await expect(page.getByTestId('narration').first()).toBeVisible();
    // The lab draws its panels just after the first paint: they are checked too.
    if (view.startsWith('lab'))
      await expect(page.getByRole('heading', { name: 'Timed actions', level: 2 })).toBeVisible();
    const names = await namesOf(page);
    expect(names.filter((n) => n.startsWith('heading')).length).toBeGreaterThan(0);
    expect(names.filter((n) => GLYPHS.test(n))).toEqual([]);
    await expectNoAxeViolations(page);
  });
}

test('the chart and the cards are named by their titles alone, their keys beside them', async ({ page }) => {
  await openLab(page, '#preset=qjm-race&step=5');
  await expect(page.getByRole('heading', { name: 'max_seen over time', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'max_seen over time', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Parties at this step', exact: true })).toBeVisible();
});

test('the skip link is the first Tab stop, shows itself, and moves the focus to the run', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLab(page, '#preset=canonical-race&step=3');
  const hash = await page.evaluate(() => location.hash);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the run' });
  await expect(skip).toBeFocused();
  const box = (await skip.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.height).toBeGreaterThan(10);
  await expectNoAxeViolations(page);

  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  await expect(main).toContainText('Step 3');
  // The address still names the same run and step, and the keys still drive the cursor.
  expect(await page.evaluate(() => location.hash)).toBe(hash);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('position')).toContainText('Step 4 /');
  await expect(main).toBeFocused();
  // Space plays from there, as it does anywhere on the page that is not a control.
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  // And Tab goes on from the run, not back to the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('the file input is not in the accessibility tree, and Import… still opens a file', async ({ page }) => {
  await openLab(page, '#preset=canonical-race');
  const tree = await page.locator('body').ariaSnapshot();
  expect(tree).not.toMatch(/file to import|Choose File|No file chosen/i);
  await page.locator('.file-menu summary').click();
  await expect(page.getByRole('button', { name: /import/i })).toHaveCount(1);

  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), fileAction(page, 'Import…')]);
  const [download] = await Promise.all([page.waitForEvent('download'), fileAction(page, 'Export scenario')]);
  const text = await readFile((await download.path())!, 'utf8');
  const changed = { ...JSON.parse(text), name: 'Imported by the button' };
  await chooser.setFiles({
    name: 'mine.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(changed)),
  });
  await expect(page.locator('.scenario-intro')).toContainText('Imported by the button');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("after the race, Writes sent counts each client's write", async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=t6');
  await blur(page);
  await page.keyboard.press('End');
  const last = await cursorStep(page);
  await expect(page.locator(`.cards[data-step="${last}"]`)).toBeVisible();
  for (const client of ['Client1', 'Client2']) {
    const card = page.getByRole('article', { name: client, exact: true });
    const row = card
      .locator('.fields > div')
      .filter({ has: page.getByRole('term').filter({ hasText: /^Writes sent$/ }) });
    await expect(row.getByRole('definition')).toHaveText('1');
  }
});
