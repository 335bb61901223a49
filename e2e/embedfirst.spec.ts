// The embed's first views (one per preset, drawn by the build: src/ui/prerender.tsx), shown by the
// page's starter before the page's script has come (src/ui/boot/starter.ts): for its own link the
// same words, lanes and layout as the player the page then draws; for any other link, never.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const FIRST = join(import.meta.dirname, '../dist/first');
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Every first view the build wrote: its link and what it draws. */
const views = readdirSync(FIRST)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(join(FIRST, file), 'utf8')) as { preset: string; link: string; html: string });

/** What a reader sees of the player in `within`: the narration's words, the run's name (the
 * page's heading) and where the narration, the bar and the timeline are. */
const layoutOf = async (page: Page, within: string) => {
  const narration = page.locator(`${within} section.narration[aria-label]`);
  return {
    words: (await narration.getByTestId('narration').innerText()).replace(/\s+/g, ' '),
    heading: await page.locator(`${within} h1`).innerText(),
    narration: await narration.boundingBox(),
    bar: await page.locator(`${within} .embed-bar`).boundingBox(),
    timeline: await page.locator(`${within} section.embed-timeline`).boundingBox(),
  };
};

test.describe("an embed's first view", () => {
  test.use({ viewport: { width: 640, height: 360 } });

  test('is one file a preset, each with the words the player draws for its link', async ({ page }) => {
    test.setTimeout(240_000);
    expect(views.length).toBeGreaterThanOrEqual(40);
    expect(views.find((v) => v.preset === 'canonical-race')?.link).toBe('#embed&preset=canonical-race&step=t6');
    for (const view of views) {
      // The file's own markup, drawn by the starter with the page's script held back.
      await page.route(ENTRY, (route) => route.abort());
      await page.goto('about:blank');
      await page.goto(`./${view.link}`);
      const first = page.locator('.first-embed');
      await expect(first, view.link).toHaveAttribute('inert', '');
      const before = await layoutOf(page, '.first-embed');
      await page.unroute(ENTRY);
      // The player, drawn by the page for the same link.
      await page.goto('about:blank');
      await page.goto(`./${view.link}`);
      await expect(page.locator('.tl-svg')).toBeVisible();
      await expect(page.locator('.first-embed')).toHaveCount(0);
      const after = await layoutOf(page, '#root');
      expect([after.words, after.heading], view.link).toEqual([before.words, before.heading]);
      // In the same place: nothing moves as the page draws its own.
      for (const box of ['narration', 'bar', 'timeline'] as const)
        for (const side of ['x', 'y', 'width', 'height'] as const)
          expect(
            Math.abs(after[box]![side] - before[box]![side]),
            `${view.link}: the ${box}'s ${side}`,
          ).toBeLessThanOrEqual(1);
    }
  });
});

test('is not shown for a link it was not drawn for: another step, strategy, parts, a bad origin', async ({ page }) => {
  for (const hash of [
    '#embed&preset=canonical-race',
    '#embed&preset=canonical-race&step=t2',
    '#embed&preset=canonical-race&strategy=etcd&step=t6',
    '#embed&preset=canonical-race&step=t6&show=timeline,narration',
    '#embed&preset=canonical-race&step=t6&autoplay',
    '#embed&preset=canonical-race&step=t6&origin=docs.example',
    '#embed&preset=etcd-race&step=0',
  ]) {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto('about:blank');
    await page.goto(`./${hash}`);
    await expect(page.locator('.tl-svg')).toBeVisible();
    await expect(page.locator('.first-embed')).toHaveCount(0);
    expect(
      asked.filter((url) => url.includes('/first/')),
      hash,
    ).toEqual([]);
    page.removeAllListeners('request');
  }
});

test('is shown for its link with an origin besides, in another order', async ({ page }) => {
  await page.route(ENTRY, (route) => route.abort());
  await page.goto('./#embed&step=t6&preset=canonical-race&origin=https%3A%2F%2Fdocs.example');
  await expect(page.locator('.first-embed')).toHaveAttribute('inert', '');
  await expect(page.locator('.first-embed').getByTestId('narration')).toBeVisible();
});

test('a tap on it before the page has taken over is done once the page has, on the same control', async ({ page }) => {
  // The page's script is held back until the taps are made, so they land on the first view.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./#embed&preset=canonical-race&step=t6');
  const first = page.locator('.first-embed');
  await expect(first).toHaveAttribute('inert', '');
  await expect(first.locator('input[type="range"]').first()).toHaveAttribute('aria-valuetext', 'Step 16 of 17');
  // A reader's taps, where the controls are on the screen (the view is inert: no control of its
  // own takes them).
  for (const control of [first.locator('button[aria-label="Step back"]'), first.locator('.key-toggle')]) {
    const box = (await control.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  release();
  await expect(page.locator('.first-embed')).toHaveCount(0);
  await expect(page.locator('.tl-svg')).toBeVisible();
  // Each done once: one step back, and the key shown.
  await expect(page.locator('#root input[type="range"]').first()).toHaveAttribute('aria-valuetext', 'Step 15 of 17');
  await expect(page.locator('#root .key-toggle')).toHaveAttribute('aria-pressed', 'true');
});
