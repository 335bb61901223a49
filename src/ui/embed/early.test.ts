// The commands a parent posts before the player listens are held for the bridge: in order, once,
// and no more than EARLY_MAX of them.

import { describe, expect, it } from 'vitest';
import { EARLY_MAX, earlyMessagesHeld, holdEarlyMessages, takeEarlyMessages } from './early';

/** The parent window of the fake windows below, and a message posted by it (or by `source`). */
const PARENT = { name: 'the parent' };
const post = (win: EventTarget, data: unknown, source: unknown = PARENT) =>
  win.dispatchEvent(Object.assign(new Event('message'), { data, source }));
/** A window whose parent is PARENT. */
const windowWith = () => Object.assign(new EventTarget(), { parent: PARENT }) as unknown as Window;

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
