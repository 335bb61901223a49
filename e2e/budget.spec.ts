// A run is bounded by what it costs, and no run waits behind another (issue 40). The link that
// once jammed the lab for good (the canonical race under ZooKeeper, a 30 ms session, a run length
// of 1e8 ms: its pings are events but not steps, so no step limit ever stopped it) now ends, cut
// short by its event budget, and says so; a link opened after it opens as usual; and a long run
// asked for while the jam is still computing stops it instead of queueing behind it.
// The jam takes 1,000,000 engine events: 5-20 s on a 2-core machine with other work running. Each
// wait below is for the page to say it is done (never a fixed sleep), and its limit leaves room.
import { deflateRawSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { openLab } from './helpers';

const JAM = {
  format: 'fencelab.scenario',
  version: 1,
  name: 'The run that never ended',
  seed: 7,
  strategy: 'zookeeper',
  knobs: { leaseTtlMs: 30 },
  durationMs: 100_000_000,
  actions: [
    { atMs: 0, type: 'acquire', client: 'Client1' },
    { atMs: 100, type: 'pause', client: 'Client1', durationMs: 2500 },
    { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
    { atMs: 1200, type: 'acquire', client: 'Client2' },
    { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
  ],
};

/** Clients take turns to acquire, write and release: a long run, computed by the worker. */
function longScenario(rounds: number) {
  const actions: object[] = [];
  for (let i = 0; i < rounds; i++) {
    const client = `Client${(i % 3) + 1}`;
    actions.push({ atMs: i * 60, type: 'acquire', client });
    actions.push({ atMs: i * 60 + 20, type: 'write', client, value: `v${i}` });
    actions.push({ atMs: i * 60 + 40, type: 'release', client });
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

/** Opens another link in the same page, as following a link to it does. */
const follow = (page: Page, hash: string) => page.evaluate((h) => (window.location.hash = h), hash);

test('the link that jammed the lab ends, cut short by its event budget; a link opened after it opens as usual', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openLab(page, linkTo(JAM));
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 180_000 });
  await expect(page.getByTestId('verdict')).toContainText(/Cut short at [\d,]+ ms: no verdict beyond that point\./);
  await expect(page.getByTestId('verdict-cut-short')).toContainText('Cut short after 1,000,000 events at');
  await expect(page.getByTestId('verdict-cut-short')).toContainText('of the 100,000,000 ms the run was to last');

  await follow(page, '#preset=canonical-race&step=t6');
  await expect(page.getByTestId('verdict')).toContainText('Every safety rule (invariant) held; no stale write got in.');
  await expect(page.getByTestId('verdict-cut-short')).toHaveCount(0);
  await expect(page.getByTestId('position')).toContainText('Step 16 /');
});

test('a long run asked for while the jam is computing stops it, says so, and is not kept waiting behind it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openLab(page, linkTo(JAM));
  await expect(page.locator('.computing-note')).toBeVisible();
  await follow(page, linkTo(longScenario(400)));
  await expect(page.getByTestId('replaced-run')).toContainText(
    'The run of “The run that never ended” had not finished: it was stopped, so that this one need not wait for it.',
  );
  await expect(page.locator('.computing-note')).toBeHidden({ timeout: 120_000 });
  await expect(page.getByTestId('verdict-cut-short')).toHaveCount(0);
  expect(Number(await page.getByRole('slider', { name: 'Step' }).getAttribute('max'))).toBeGreaterThan(1000);
  // Said until the next change.
  await expect(page.getByTestId('replaced-run')).toBeVisible();
  await follow(page, '#preset=canonical-race&step=0');
  await expect(page.getByTestId('replaced-run')).toHaveCount(0);
});
