// The lab on a 390x844 phone, as a reader of the docs meets it (issue 13, item 5): every word of
// the narration in its box, a comparison that can be read, table headers never under the sticky
// transport, lane names clear of the marks and whole tokens, the timed actions near the timeline,
// and every control big enough for a finger (axe's target-size). The embed is held to the same in
// a 640x360 frame and a phone-wide one.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { embedDrawn, expectHeadersNeverUnderTransport, intersects, openLab, rects, seekToLabel } from './helpers';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The narration's words and comparison lie inside its box, and nothing in it is scrolled out of sight. */
async function expectNarrationWhole(root: Page | Frame, where: string) {
  const { box, parts, overflow } = await root.locator('.narration').evaluate((section) => {
    const r = section.getBoundingClientRect();
    return {
      box: { top: r.top, bottom: r.bottom },
      parts: [...section.querySelectorAll('.narration-text, .comparison-note, .comparison-head')].map((e) => ({
        text: (e.textContent ?? '').slice(-30),
        bottom: e.getBoundingClientRect().bottom,
      })),
      overflow: section.scrollHeight - section.clientHeight,
    };
  });
  expect(overflow, `${where}: the narration's content is taller than its box`).toBeLessThanOrEqual(0);
  for (const part of parts) {
    expect(part.bottom, `${where}: "…${part.text}" ends below the narration's box`).toBeLessThanOrEqual(box.bottom);
  }
}

/** No lane name runs into a mark, a mark's token or an arrow's token; every token is whole and inside the drawing. */
async function expectTimelineLegible(root: Page | Frame, where: string) {
  const svg = (await root.locator('.tl-svg').boundingBox())!;
  const names = await rects(root.locator('.tl-svg .tl-lane__title'));
  const marks = await rects(root.locator('.tl-svg .tl-mark__outline'));
  const tokens = await rects(root.locator('.tl-svg .tl-mark__token, .tl-svg .tl-message__token'));
  expect(names.length, where).toBeGreaterThan(0);
  expect(tokens.length, `${where}: no token is written`).toBeGreaterThan(0);
  for (const [i, name] of names.entries()) {
    for (const other of names.slice(i + 1)) {
      expect(intersects(name, other), `${where}: lane names "${name.text}" and "${other.text}" overlap`).toBe(false);
    }
  }
  for (const name of names) {
    for (const other of [...marks, ...tokens]) {
      expect(intersects(name, other), `${where}: lane name "${name.text}" overlaps "${other.text || 'a mark'}"`).toBe(
        false,
      );
    }
  }
  for (const token of tokens) {
    expect(token.text, where).not.toContain('…');
    expect(token.x, `${where}: token ${token.text} starts left of the drawing`).toBeGreaterThanOrEqual(svg.x);
    expect(token.x + token.width, `${where}: token ${token.text} is cut at the right`).toBeLessThanOrEqual(
      svg.x + svg.width + 0.5,
    );
  }
}

async function expectTargetsBigEnough(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  const failures = result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`));
  expect(failures, where).toEqual([]);
}

test('the narration shows every word of every step on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await openLab(page, '#preset=canonical-race&step=t6');
  await expect(page.getByTestId('narration')).toContainText('max_seen stays 34.');
  await expectNarrationWhole(page, 'canonical-race t6');
  // Every step of presets with long sentences (etcd's revisions, Redlock's masters, the second store).
  for (const preset of ['canonical-race', 'etcd-race', 'redlock-race', 'pitfall-second-store', 'qjm-race']) {
    await page.getByLabel('Scenario', { exact: true }).selectOption(preset);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Home');
    const last = Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'));
    for (let step = 0; step <= last; step++) {
      await expectNarrationWhole(page, `${preset} step ${step}`);
      await page.keyboard.press('ArrowRight');
    }
  }
});

test("the comparison's Why can be read on a phone, and its rows open a strategy", async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=t6');
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  const table = page.locator('.compare-table');
  const fencing = table.getByRole('row', { name: /Fencing token/ });
  await expect(fencing).toContainText('33 <= 34 -> REJECT');
  await expect(table.locator('tr.waiting')).toHaveCount(0);
  for (const why of await rects(table.locator('td.why'))) {
    expect(why.width, `Why is squeezed: "${why.text.slice(0, 40)}"`).toBeGreaterThanOrEqual(120);
  }
  // Each row still says which column is which, on screen, beside its answers.
  await expect(fencing.getByText('Why (from the run)')).toBeVisible();
  await expect(fencing.getByText('Token always grows?')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/screenshots/phone-compare.png', fullPage: true });
  await table
    .getByRole('row', { name: /Lease \+ trust/ })
    .getByRole('button', { name: /Open/ })
    .click();
  await expect(page.getByLabel('Lock strategy')).toHaveValue('lease-trust');
});

test('scrolling the event table or the comparison never puts a header row under the transport', async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=t6');
  // The transport still rides along over the run's own views.
  await page.locator('.tl-svg').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeInViewport();

  await expectHeadersNeverUnderTransport(page, page.locator('.event-table-box'), page.locator('.event-table th'));
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await expect(page.locator('.compare-table tr.waiting')).toHaveCount(0);
  // On a phone the rows are cards: their names and labels are what heads them.
  await expectHeadersNeverUnderTransport(
    page,
    page.locator('.compare-table'),
    page.locator('.compare-table th, .compare-table td.why'),
  );
});

test("max_seen is under each resource's name on a phone, where the plot has no room for it at the right", async ({
  page,
}) => {
  // Found teaching from a phone: the lesson's timeline had no max_seen at all (the lab's cards say it).
  for (const [preset, values] of [
    ['canonical-race', ['34']],
    ['pitfall-wall-clock', ['1000005']],
    ['qjm-race', ['34', '34', '34']],
  ] as const) {
    await openLab(page, `#preset=${preset}&step=t6`);
    const svg = page.locator('.tl-svg');
    const plotLeft = (await svg.locator('.tl-lane__line').first().boundingBox())!.x;
    const readouts = page.locator('.tl-maxseen--gutter .tl-maxseen__item');
    await expect(readouts).toHaveCount(values.length);
    const names = await rects(svg.locator('.tl-lane--resource .tl-lane__title'));
    for (const [i, value] of values.entries()) {
      await expect(readouts.nth(i)).toHaveText(new RegExp(`^max_seen\\s*${value}$`));
      for (const box of await rects(readouts.nth(i).locator('text'))) {
        expect(box.x + box.width, `${preset}: max_seen runs into the plot`).toBeLessThanOrEqual(plotLeft);
        for (const name of names) expect(intersects(box, name), `${preset}: max_seen over "${name.text}"`).toBe(false);
      }
    }
  }
});

test("a lesson's bar takes two rows on a phone: the parts, then Back, Next and Try it", async ({ page }) => {
  // It took three (a third of the screen with the page's own bar), and the timeline was below it.
  await openLab(page, '#lesson=fencing-tokens');
  const nav = page.getByRole('navigation', { name: 'Lesson steps' });
  const [parts] = await rects(nav.locator('.step-links'));
  const row = nav.getByRole('button', { name: /^(Back|Next|Try it)$/ });
  expect(await row.allInnerTexts()).toEqual(['← Back', 'Next →', 'Try it']);
  const buttons = await rects(row);
  for (const b of buttons) {
    expect(Math.abs(b.y - buttons[0]!.y), `${b.text} is not on the buttons' row`).toBeLessThanOrEqual(1);
    expect(b.y, `${b.text} is not under the parts`).toBeGreaterThanOrEqual(parts!.y + parts!.height);
  }
  const bar = (await nav.boundingBox())!;
  expect(bar.y + bar.height - (buttons[0]!.y + buttons[0]!.height)).toBeLessThanOrEqual(12);
});

test('lane names stay clear of the marks and tokens are whole on a phone', async ({ page }) => {
  for (const preset of ['canonical-race', 'redlock-race', 'zookeeper-race', 'pitfall-uuid', 'pitfall-wall-clock']) {
    await openLab(page, `#preset=${preset}&step=t6`);
    await expectTimelineLegible(page, preset);
  }
  await page
    .locator('.timeline')
    .screenshot({ path: 'test-results/screenshots/phone-timeline-pitfall-wall-clock.png' });
});

test("every entry of the timeline's key is whole on a phone", async ({ page }) => {
  // The entries keep to one line each (the exported picture draws them so): the longest must fit.
  for (const preset of ['chubby-race', 'consul-lock-delay', 'pitfall-email']) {
    await openLab(page, `#preset=${preset}`);
    const timeline = (await page.locator('.timeline').boundingBox())!;
    const items = await rects(page.locator('.tl-legend__item'));
    expect(items.length, preset).toBeGreaterThan(5);
    for (const item of items) {
      expect(item.x + item.width, `${preset}: "${item.text}" is cut at the right`).toBeLessThanOrEqual(
        timeline.x + timeline.width + 0.5,
      );
    }
  }
});

test('Timed actions come right after the timeline, on screen and in the tab order', async ({ page }) => {
  await openLab(page, '#preset=canonical-race&step=t6');
  const timeline = (await page.locator('.timeline').boundingBox())!;
  const panel = (await page.getByRole('heading', { name: 'Timed actions', level: 2 }).boundingBox())!;
  expect(panel.y - (timeline.y + timeline.height)).toBeLessThan(1.5 * PHONE.height);
  expect(panel.y).toBeGreaterThan(timeline.y + timeline.height - 1);
  // From the last control under the timeline, Tab goes into the panel, not to the cards or tables.
  await page.getByRole('button', { name: 'Copy as Mermaid' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('section[aria-labelledby="actions-title"]').locator(':focus')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/screenshots/phone-lab.png', fullPage: true });
});

test('every control of every view is big enough to tap (axe target-size)', async ({ page }) => {
  test.setTimeout(90_000); // six views, each loaded and checked by axe
  await openLab(page, '#preset=canonical-race');
  await seekToLabel(page, 't6');
  await expectTargetsBigEnough(page, 'lab, event table');
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await expect(page.locator('.compare-table tr.waiting')).toHaveCount(0);
  await expectTargetsBigEnough(page, 'lab, comparison');
  await page.getByRole('button', { name: 'Real servers' }).click();
  await expect(page.getByRole('heading', { name: 'Real servers' })).toBeVisible();
  await expect(page.locator('.tl-svg').first()).toBeVisible();
  await expectTargetsBigEnough(page, 'real servers');
  await page.goto('./#lesson=fencing-tokens');
  await expect(page.getByRole('button', { name: 'Present' })).toBeVisible();
  await expectTargetsBigEnough(page, 'lesson');
  await page.goto('./#lesson=fencing-tokens&present');
  await expect(page.getByRole('button', { name: /Exit presenting/ })).toBeVisible();
  await expectTargetsBigEnough(page, 'presenter mode');
  await page.goto('./#embed&preset=canonical-race&step=t6');
  await embedDrawn(page);
  await expect(page.getByTestId('narration')).toBeVisible();
  await expectTargetsBigEnough(page, 'embed');
});

/** Whether anything scrolls inside the frame (the scrubber under the frame's edge). */
const scrollsInside = (player: Frame) =>
  player.evaluate(() =>
    [document.scrollingElement!, document.querySelector('main.embed')!].some(
      (el) => el.scrollHeight > el.clientHeight + 1,
    ),
  );

for (const frame of [
  { width: 640, height: 360 },
  { width: 390, height: 360 },
  // A small phone's width: the step's numbers stay beside the buttons (its word goes).
  { width: 360, height: 360 },
]) {
  test(`the embed in a ${frame.width}x${frame.height} iframe keeps its words, lane names and tokens`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: frame.width + 40, height: frame.height + 40 });
    await page.setContent(
      `<iframe src="${baseURL}/#embed&preset=canonical-race&step=t6" width="${frame.width}" height="${frame.height}" title="Fencelab"></iframe>`,
    );
    const player = page.frames().find((f) => f !== page.mainFrame())!;
    await expect(player.getByTestId('narration')).toContainText('max_seen stays 34.');
    await expect(player.locator('.tl-svg')).toBeVisible();
    // Read out, the step's label and its time are two words, whatever of the line a small frame hides.
    expect(await player.locator('.narration-where').textContent()).toMatch(/^t6\s+\S/);
    await expectNarrationWhole(player, `embed ${frame.width}`);
    await expectTimelineLegible(player, `embed ${frame.width}`);
    // Nothing scrolls inside the frame: the scrubber is in sight, not under the frame's edge.
    expect(await scrollsInside(player), `embed ${frame.width}x${frame.height} scrolls`).toBe(false);
    // The scrubber is a real target, not a sliver beside the buttons.
    const scrubber = (await player.getByRole('slider', { name: 'Step' }).boundingBox())!;
    expect(scrubber.width).toBeGreaterThanOrEqual(100);
    expect(scrubber.height).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: `test-results/screenshots/phone-embed-${frame.width}x${frame.height}.png` });
    // Redlock's five masters share the lanes' room: each name stays in its own band.
    await page.setContent(
      `<iframe src="${baseURL}/#embed&preset=redlock-race&step=t4" width="${frame.width}" height="${frame.height}" title="Fencelab"></iframe>`,
    );
    const redlock = page.frames().find((f) => f !== page.mainFrame())!;
    await expect(redlock.locator('.tl-svg .tl-lane__title', { hasText: 'Redis master 5' })).toBeVisible();
    await expectNarrationWhole(redlock, `embed ${frame.width}, Redlock`);
    await expectTimelineLegible(redlock, `embed ${frame.width}, Redlock`);
    expect(await scrollsInside(redlock), `embed ${frame.width}x${frame.height}, Redlock, scrolls`).toBe(false);
  });
}

test('in a docs column narrower than a phone (288 px), every button of the embed is whole and in the frame', async ({
  page,
  baseURL,
}) => {
  // Found by a docs author: at 288 px the Step forward button ran past the transport's edge.
  await page.setViewportSize({ width: 328, height: 520 });
  await page.setContent(
    `<iframe src="${baseURL}/#embed&preset=canonical-race&step=t6" width="288" height="480" title="Fencelab"></iframe>`,
  );
  const player = page.frames().find((f) => f !== page.mainFrame())!;
  await expect(player.getByTestId('narration')).toContainText('max_seen stays 34.');
  const frameBox = (await page.locator('iframe').boundingBox())!;
  const transport = (await player.locator('.transport').boundingBox())!;
  for (const control of await player.locator('.embed-bar button:visible, .embed-bar a').all()) {
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    expect(box.x + box.width, `${name} ends past the frame`).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    if ((await control.evaluate((el) => el.tagName)) === 'BUTTON')
      expect(box.x + box.width, `${name} ends past the transport`).toBeLessThanOrEqual(transport.x + transport.width);
  }
  await expect(player.getByTestId('open-in-lab')).toBeVisible();
});
