// @vitest-environment jsdom
// The three ways a recording can fail to show, each said for what it is: the file could not be
// fetched (offline), the file is not a valid recording (what is wrong), or the recording could not
// be drawn (never "offline"). And the page's boundary around every view: "offline" only when the
// view's code could not be fetched.

import { act, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSimulator } from '../../engine';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import type { Recording } from '../../engine/surfaces/recorded';
import { fetchingCode } from '../layout/codeFetch';
import { ViewBoundary } from '../layout/ViewBoundary';
import RecordedView from './RecordedView';
import { recordedRoute } from './route';
import type { LoadResult } from './load';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const files = import.meta.glob<Recording>('../../../public/recordings/etcd-race.json', {
  eager: true,
  import: 'default',
});
const etcdRace = () => structuredClone(Object.values(files)[0]!);
const code = { loadAll: () => Promise.resolve(createSimulator(ALL_MODELS)) };

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const u of unmounts.splice(0)) u();
  recordedRoute.getState().close();
});

/** Renders `element` and lets its promises settle; returns its container. */
async function render(element: React.ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

const alertOf = (c: HTMLElement) => c.querySelector('[role="alert"] p')?.textContent ?? '';

describe('the recorded view', () => {
  it('says a recording it read but cannot draw could not be drawn, not that it is offline, and keeps the list', async () => {
    // The input, as if the checks had let it through: an etcd token that is not a number.
    const rec = etcdRace();
    rec.observations.find((o) => o.kind === 'lock.granted')!.token = 'x2';
    const load = async (): Promise<LoadResult> => ({ ok: true, recording: rec });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recordedRoute.getState().show('etcd-race');
    const view = await render(<RecordedView load={load} code={code} />);
    expect(alertOf(view)).toMatch(
      /^The recording "etcd-race" was fetched and read, but its view could not be drawn \(/,
    );
    expect(alertOf(view)).not.toMatch(/offline|fetch it/);
    expect(view.querySelector('nav[aria-label="Recordings"]')).not.toBeNull();
    vi.restoreAllMocks();
  });

  it('says an unfetchable file is that, and an invalid one what is wrong with it', async () => {
    for (const [result, words] of [
      [
        {
          ok: false,
          message:
            'The recording "etcd-race" could not be opened: the page could not fetch the file (offline, or the network is down).',
        },
        /offline/,
      ],
      [
        { ok: false, message: 'The recording "etcd-race" could not be opened: "observations[2].token" is "x2".' },
        /"observations\[2\]\.token"/,
      ],
    ] as const) {
      recordedRoute.getState().show('etcd-race');
      const view = await render(<RecordedView load={async () => result} code={code} />);
      expect(alertOf(view)).toMatch(words);
      for (const u of unmounts.splice(0)) u();
    }
  });

  it("says the model's code could not be fetched when that is what failed", async () => {
    recordedRoute.getState().show('etcd-race');
    const load = async (): Promise<LoadResult> => ({ ok: true, recording: etcdRace() });
    const view = await render(<RecordedView load={load} code={{ loadAll: () => Promise.reject(new Error('x')) }} />);
    expect(alertOf(view)).toMatch(/could not fetch the lab’s model \(offline/);
  });
});

describe("the page's boundary around a view", () => {
  it('says "offline" when the view\'s code could not be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazy(fetchingCode('a view', () => Promise.reject(new TypeError('Failed to fetch'))));
    const page = await render(
      <ViewBoundary>
        <Suspense fallback={null}>
          <Missing />
        </Suspense>
      </ViewBoundary>,
    );
    expect(alertOf(page)).toMatch(/could not fetch it \(offline/);
    vi.restoreAllMocks();
  });

  it('says a view that came but threw could not be drawn, with the reason, and not "offline"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new SyntaxError('Cannot convert x2 to a BigInt');
    };
    const page = await render(
      <ViewBoundary>
        <Broken />
      </ViewBoundary>,
    );
    expect(alertOf(page)).toBe(
      'This part of Fencelab could not be drawn (Cannot convert x2 to a BigInt). Reload the page to try again.',
    );
    vi.restoreAllMocks();
  });
});
