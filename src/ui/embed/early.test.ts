// The commands a parent posts before the player listens are held for the bridge: in order, once,
// and no more than EARLY_MAX of them.

import { describe, expect, it } from 'vitest';
import { EARLY_MAX, earlyMessagesHeld, holdEarlyMessages, takeEarlyMessages } from './early';

/** The parent window of the fake windows below, and a message posted by it (or by `source`). */
const PARENT = { name: 'the parent' };
const post = (win: EventTarget, data: unknown, source: unknown = PARENT) =>
  win.dispatchEvent(Object.assign(new Event('message'), { data, source }));
/** A window whose parent is PARENT, with a document when one is given. */
const windowWith = (document?: EventTarget) =>
  Object.assign(new EventTarget(), { parent: PARENT, ...(document ? { document } : {}) }) as unknown as Window;

describe('messages before the bridge listens', () => {
  it('are handed over in order, once, and not held after', () => {
    const win = windowWith();
    post(win, 'before holding');
    holdEarlyMessages(win);
    post(win, { type: 'pause' });
    post(win, { type: 'seek', step: 't2' });
    expect(earlyMessagesHeld()).toBe(2);
    expect(takeEarlyMessages(win).map((e) => e.data)).toEqual([{ type: 'pause' }, { type: 'seek', step: 't2' }]);
    expect(earlyMessagesHeld()).toBe(0);
    post(win, { type: 'play' });
    expect(takeEarlyMessages(win)).toEqual([]);
  });

  it("come after those the page's starter held, which it hands over as asked", () => {
    // The starter (boot/starter.ts) holds what comes while the build's embed first view is shown,
    // before the page's script runs, and answers fencelab:embed-messages with it.
    const document = new EventTarget();
    const win = windowWith(document);
    const starterHeld = [new MessageEvent('message', { data: { type: 'pause' } })];
    document.addEventListener('fencelab:embed-messages', (event) =>
      (event as CustomEvent<{ messages: MessageEvent[] }>).detail.messages.push(...starterHeld.splice(0)),
    );
    holdEarlyMessages(win);
    post(win, { type: 'seek', step: 't2' });
    expect(takeEarlyMessages(win).map((e) => e.data)).toEqual([{ type: 'pause' }, { type: 'seek', step: 't2' }]);
  });

  it('keeps no more than EARLY_MAX in all, with those the starter held', () => {
    const document = new EventTarget();
    const win = windowWith(document);
    document.addEventListener('fencelab:embed-messages', (event) =>
      (event as CustomEvent<{ messages: MessageEvent[] }>).detail.messages.push(
        ...Array.from({ length: EARLY_MAX + 20 }, (_, i) => new MessageEvent('message', { data: i })),
      ),
    );
    holdEarlyMessages(win);
    post(win, 'one more');
    const taken = takeEarlyMessages(win).map((e) => e.data);
    expect(taken).toHaveLength(EARLY_MAX);
    expect(taken.at(-1)).toBe(EARLY_MAX - 1);
  });

  it("are only the parent's: another window's are not kept, nor count as commands waiting", () => {
    const win = windowWith();
    holdEarlyMessages(win);
    post(win, { type: 'play' }, { name: 'a sibling frame' });
    expect(earlyMessagesHeld()).toBe(0);
    post(win, { type: 'pause' });
    expect(takeEarlyMessages(win).map((e) => e.data)).toEqual([{ type: 'pause' }]);
  });

  it('are not kept past EARLY_MAX (a flood from the parent)', () => {
    const win = windowWith();
    holdEarlyMessages(win);
    for (let i = 0; i < EARLY_MAX + 50; i++) post(win, i);
    const taken = takeEarlyMessages(win).map((e) => e.data);
    expect(taken).toHaveLength(EARLY_MAX);
    expect(taken[0]).toBe(0);
  });
});
