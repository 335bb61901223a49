// @vitest-environment jsdom
// Links are compressed asynchronously, so two writes can finish out of order. The link must end up
// naming the view asked for last, whichever compression finishes first. (A separate file because
// it holds encodeHash's results back with a module mock.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as url from './url';
import { createLabStore } from '../labStore';
import { syncUrl } from './urlSync';
import { ALL_CODE } from '../code/allCode';

const held: { args: Parameters<typeof url.encodeHash>; release: () => void }[] = [];

vi.mock('./url', async (importOriginal) => {
  const real = await importOriginal<typeof url>();
  return {
    ...real,
    // Each hash is computed for real, but handed back only when the test releases it.
    encodeHash: (...args: Parameters<typeof real.encodeHash>) =>
      new Promise<string>((resolve) => {
        held.push({ args, release: () => void real.encodeHash(...args).then(resolve) });
      }),
  };
});

afterEach(() => {
  held.length = 0;
  window.history.replaceState(null, '', '/');
});

describe('syncUrl', () => {
  it('lands the link asked for last when an earlier compression finishes after it', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const sync = syncUrl(store, window);
    store.getState().seek(3);
    const first = sync.flush();
    store.getState().seek(7);
    const second = sync.flush();
    expect(held.map((h) => h.args[0].cursor)).toEqual([3, 7]);

    held[1]!.release();
    await second;
    expect(window.location.hash).toMatch(/&step=7$/);
    held[0]!.release();
    await first; // the older link arrives last, and is dropped
    expect(window.location.hash).toMatch(/&step=7$/);
    sync.stop();
  });
});
