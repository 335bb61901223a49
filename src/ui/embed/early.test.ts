// The commands a parent posts before the player listens are held for the bridge: in order, once,
// and no more than EARLY_MAX of them.

import { describe, expect, it } from 'vitest';
import { EARLY_MAX, holdEarlyMessages, takeEarlyMessages } from './early';

const post = (win: EventTarget, data: unknown) => win.dispatchEvent(new MessageEvent('message', { data }));

describe('messages before the bridge listens', () => {
  it('are handed over in order, once, and not held after', () => {
    const win = new EventTarget() as unknown as Window;
    post(win, 'before holding');
    holdEarlyMessages(win);
    post(win, { type: 'pause' });
    post(win, { type: 'seek', step: 't2' });
    expect(takeEarlyMessages(win).map((e) => e.data)).toEqual([{ type: 'pause' }, { type: 'seek', step: 't2' }]);
    post(win, { type: 'play' });
    expect(takeEarlyMessages(win)).toEqual([]);
  });

  it('are not kept past EARLY_MAX (a flood from the parent)', () => {
    const win = new EventTarget() as unknown as Window;
    holdEarlyMessages(win);
    for (let i = 0; i < EARLY_MAX + 50; i++) post(win, i);
    const taken = takeEarlyMessages(win).map((e) => e.data);
    expect(taken).toHaveLength(EARLY_MAX);
    expect(taken[0]).toBe(0);
  });
});
