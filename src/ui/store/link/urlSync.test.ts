// @vitest-environment jsdom
// The URL and the store stay in step: a link opens its view, a bad link opens the default and
// says why, and changes are written back (debounced) without adding history entries.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPreset } from '../../../engine';
import { createLabStore, type LabStore } from '../labStore';
import { encodeHash } from './url';
import { currentLink, openFromHash, syncUrl } from './urlSync';
import { ALL_CODE } from '../code/allCode';

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('openFromHash', () => {
  it('opens the scenario and step a link names', async () => {
    const scenario = findPreset('slow-network')!.scenario;
    const store = createLabStore(undefined, { code: ALL_CODE });
    const hash = await encodeHash({ scenario, cursor: 4, ownActionCount: scenario.actions.length });
    expect(await openFromHash(store, hash)).toBe(true);
    expect(store.getState().scenario).toEqual(scenario);
    expect(store.getState().cursor).toBe(4);
    expect(store.getState().error).toBeNull();
  });

  it('opens a preset at a labelled step, and names a label the run lacks', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    expect(await openFromHash(store, '#preset=canonical-race&step=t6')).toBe(true);
    const { trace, cursor } = store.getState();
    expect(trace.steps[cursor]?.label).toBe('t6');
    expect(store.getState().error).toBeNull();
    // The share link names a labelled step by its label.
    expect(await currentLink(store, 'http://x/')).toBe('http://x/#preset=canonical-race&step=t6');
    store.getState().stepBack();
    expect(await currentLink(store, 'http://x/')).toBe(`http://x/#preset=canonical-race&step=${cursor - 1}`);

    expect(await openFromHash(store, '#preset=canonical-race&step=t9')).toBe(true);
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().error).toMatch(/labelled "t9".*it has t0, t1, t2, t3, t4, t5, t6\): showing step 0/);
  });

  it('names a parameter given twice beside one no link has, and opens the rest', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    expect(await openFromHash(store, '#preset=canonical-race&step=1&step=t6&stepp=2')).toBe(true);
    expect(store.getState().trace.steps[store.getState().cursor]?.label).toBe('t6');
    expect(store.getState().error).toBe(
      'The link has "stepp", which a lab link does not take (it takes preset, s, own, strategy and step), and gives "step" more than once (the last one counts): opened the rest of it.',
    );
  });

  it('opens a preset under the strategy a link names, and a strategy picked in the lab shares the same way', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    expect(await openFromHash(store, '#preset=canonical-race&strategy=zookeeper&step=t4')).toBe(true);
    await vi.waitFor(() => expect(store.getState().computing).toBe(false));
    const { trace, cursor, scenario } = store.getState();
    expect(scenario.strategy).toBe('zookeeper');
    expect(trace.steps[cursor]?.label).toBe('t4');
    expect(await currentLink(store, 'http://x/')).toBe('http://x/#preset=canonical-race&strategy=zookeeper&step=t4');

    const picked = createLabStore(undefined, { code: ALL_CODE });
    picked.getState().setStrategy('zookeeper');
    await vi.waitFor(() => expect(picked.getState().computing).toBe(false));
    picked.getState().seek(cursor);
    expect(await currentLink(picked, 'http://x/')).toBe('http://x/#preset=canonical-race&strategy=zookeeper&step=t4');
    expect(picked.getState().scenario).toEqual(scenario);
  });

  it('names a step by its number in a shared link where its label is not its own alone', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    await vi.waitFor(() => expect(store.getState().computing).toBe(false));
    const state = store.getState();
    // A recording may put one label on two steps: the link must reopen the second, not the first.
    const steps = state.trace.steps.map((s, i) => (i === 3 || i === 5 ? { ...s, label: 'again' } : s));
    const twice = {
      getState: () => ({ ...state, trace: { ...state.trace, steps }, cursor: 5 }),
    } as unknown as LabStore;
    expect(await currentLink(twice, 'http://x/')).toBe('http://x/#preset=canonical-race&step=5');
  });

  it('names a strategy the lab does not have, and opens nothing', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const before = store.getState().scenario;
    expect(await openFromHash(store, '#preset=canonical-race&strategy=zk')).toBe(false);
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().error).toMatch(
      /strategy "zk" that the lab does not have.*default scenario is open instead/,
    );
  });

  it('keeps the default scenario and explains a bad link', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const before = store.getState().scenario;
    expect(await openFromHash(store, '#s=rubbish')).toBe(false);
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().error).toMatch(/damaged.*default scenario is open instead/);
  });
});

describe('syncUrl', () => {
  it('writes the view into the hash after a pause, with replaceState', async () => {
    vi.useFakeTimers();
    const store = createLabStore(undefined, { code: ALL_CODE });
    const length = window.history.length;
    const sync = syncUrl(store, window);
    store.getState().seek(6);
    expect(window.location.hash).toBe('');
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() => expect(window.location.hash).toBe('#preset=canonical-race&step=6'));
    expect(window.history.length).toBe(length);
    store.getState().addAction({ type: 'expireLease' });
    await sync.flush();
    expect(window.location.hash).toMatch(/&step=6&own=5$/);
    // The address bar keeps the step's number; the share link names it by its label (step 6 is t3).
    expect(await currentLink(store, window.location.href)).toBe(window.location.href.replace('&step=6', '&step=t3'));
    sync.stop();
  });

  it('never writes over an address the user went to before its hashchange came (Back just after a change)', async () => {
    vi.useFakeTimers();
    const store = createLabStore(undefined, { code: ALL_CODE });
    const sync = syncUrl(store, window);
    store.getState().seek(6);
    // Back (or a link typed in) changes the address; its hashchange comes as a task of its own,
    // after the write that the seek scheduled.
    window.history.pushState(null, '', '#preset=etcd-race&step=2');
    await vi.advanceTimersByTimeAsync(300);
    expect(window.location.hash).toBe('#preset=etcd-race&step=2');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    vi.useRealTimers();
    await vi.waitFor(() => expect(store.getState().presetId).toBe('etcd-race'));
    expect(store.getState().cursor).toBe(2);
    // And from then on the page writes its changes into the address again.
    store.getState().seek(3);
    await sync.flush();
    expect(window.location.hash).toBe('#preset=etcd-race&step=3');
    sync.stop();
  });

  it('makes another view a new history entry, and a change within a view none', async () => {
    let lesson: string | null = null;
    const listeners: (() => void)[] = [];
    const route = {
      hash: () => lesson,
      suffix: () => '',
      subscribe: (listener: () => void) => (listeners.push(listener), () => undefined),
      open: () => false,
    };
    // An unreadable lesson link shows the lab: its replacement is no new entry.
    window.history.replaceState(null, '', '#lesson=nope');
    const store = createLabStore(undefined, { code: ALL_CODE });
    const length = window.history.length;
    const sync = syncUrl(store, window, route);
    await sync.flush();
    expect(window.location.hash).toBe('#preset=canonical-race&step=0');
    expect(window.history.length).toBe(length);
    lesson = '#lesson=fencing-tokens&chapter=the-race&step=t1';
    await sync.flush();
    expect(window.history.length).toBe(length + 1);
    lesson = '#lesson=fencing-tokens&chapter=the-race&step=t2';
    await sync.flush();
    expect(window.location.hash).toBe(lesson);
    expect(window.history.length).toBe(length + 1);
    sync.stop();
  });

  it('opens a hash typed into the address bar; the last one typed is what stays open', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const sync = syncUrl(store, window);
    const slow = findPreset('slow-network')!.scenario;
    const clock = findPreset('redlock-clock-jump')!.scenario;
    window.location.hash = await encodeHash({ scenario: slow, cursor: 2, ownActionCount: slow.actions.length });
    window.location.hash = await encodeHash({ scenario: clock, cursor: 5, ownActionCount: clock.actions.length });
    await vi.waitFor(() => expect(store.getState().scenario).toEqual(clock));
    expect(store.getState().cursor).toBe(5);
    sync.stop();
  });

  it('leaves the open run alone when an unreadable link is pasted over it, and says so', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().describe('Zombie demo for class 3', '');
    const before = store.getState().scenario;
    const sync = syncUrl(store, window);
    window.location.hash = '#s=garbage&step=3';
    await vi.waitFor(() => expect(store.getState().error).toMatch(/damaged/));
    expect(store.getState().error).toContain('Nothing was changed: the run that was open is still open.');
    expect(store.getState().error).not.toContain('default scenario');
    expect(store.getState().scenario).toBe(before);
    // The address goes back to naming the run that is open.
    const own = await encodeHash({ scenario: before, cursor: 0, ownActionCount: before.actions.length });
    await vi.waitFor(() => expect(window.location.hash).toBe(own));
    sync.stop();
  });
});
