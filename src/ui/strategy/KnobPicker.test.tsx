// @vitest-environment jsdom
// The knob panel names the lease knob in each system's own terms and hides it where there is none.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { REDLOCK_RETRY_DEFAULT, STRATEGIES, findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab, unmountAll } from '../testing/renderInLab';
import { KnobPicker, retryOverrides, withStopPolicy } from './KnobPicker';
import { retryHint } from './knobText';
import { ALL_CODE } from '../store/code/allCode';

function labelsUnder(strategy: string): string[] {
  const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
  store.getState().setStrategy(strategy);
  const container = renderInLab(store, <KnobPicker />);
  return [...container.querySelectorAll('label')].map((l) => l.textContent ?? '');
}

describe('the lease knob', () => {
  it('is called what each system calls it', () => {
    const expected: Record<string, string | null> = {
      'lease-trust': 'Lease length (ms)',
      fencing: 'Lease length (ms)',
      redlock: 'Key TTL, SET PX (ms)',
      zookeeper: 'Session timeout (ms)',
      etcd: 'Lease TTL (ms)',
      chubby: 'Session lease (ms)',
      qjm: null,
      'redis-watchdog': 'Lock expiry, lockWatchdogTimeout (ms)',
      'k8s-lease': 'leaseDuration (ms)',
    };
    expect(STRATEGIES.map((s) => s.id).sort()).toEqual(Object.keys(expected).sort());
    for (const [strategy, label] of Object.entries(expected)) {
      const labels = labelsUnder(strategy);
      const leaseLike = labels.filter((l) => /lease|TTL|timeout/i.test(l) && /\(ms\)$/.test(l));
      expect(leaseLike, strategy).toEqual(label === null ? [] : [label]);
      unmountAll();
    }
  });

  it('says why QJM has none, and that a lease length set elsewhere still holds there', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    store.getState().setKnob('leaseTtlMs', 1500);
    store.getState().setStrategy('qjm');
    const text = renderInLab(store, <KnobPicker />).textContent!;
    expect(text).toContain('No lease here: a writer keeps its epoch until a newer one is promised.');
    expect(text).toContain('The lease length you set (1,500 ms) applies again under the other systems.');
    store.getState().setStrategy('etcd');
    expect(store.getState().scenario.knobs.leaseTtlMs).toBe(1500);
  });

  it("words the token source in each system's own terms", () => {
    const options = (strategy: string) => {
      const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
      store.getState().setStrategy(strategy);
      const select = renderInLab(store, <KnobPicker />).querySelector('select')!;
      return [...select.options].map((o) => o.textContent);
    };
    expect(options('zookeeper')).toEqual(["The lock node's czxid (default)", "The lock node's sequence suffix"]);
    expect(options('etcd')).toEqual([
      "The lock key's create revision (default)",
      'Create revision, after a restore without --bump-revision',
    ]);
    expect(options('fencing')).toContain('Durable counter (default)');
  });
});

describe("the store's check", () => {
  it("offers every check the system models, etcd's guarded txn included, and picks it", () => {
    const checks = (strategy: string) => {
      const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
      store.getState().setStrategy(strategy);
      const select = renderInLab(store, <KnobPicker />).querySelectorAll('select')[1]!;
      return { store, select, labels: [...select.options].map((o) => o.textContent) };
    };
    const etcd = checks('etcd');
    expect(etcd.labels).toContain('guarded by the lock service');
    expect(etcd.labels).toHaveLength(5);
    const validity = [...etcd.select.options].find((o) => o.textContent === 'guarded by the lock service')!;
    etcd.select.value = validity.value;
    etcd.select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(etcd.store.getState().scenario.knobs.check).toBe('validity');
    unmountAll();
    // A system that cannot run the data inside its lock service does not offer it.
    expect(checks('fencing').labels).not.toContain('guarded by the lock service');
    unmountAll();
  });

  it('lists the default check first and marks it, with the article’s bare <= and < still offered', () => {
    for (const strategy of ['fencing', 'zookeeper', 'etcd', 'chubby']) {
      const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
      store.getState().setStrategy(strategy);
      const select = renderInLab(store, <KnobPicker />).querySelectorAll('select')[1]!;
      const labels = [...select.options].map((o) => o.textContent);
      expect(labels[0], strategy).toBe('a holder’s later writes pass, older tokens refused (default)');
      expect(labels, strategy).toContain('reject token <= max_seen (the article’s bare <= check)');
      expect(labels, strategy).toContain('reject token < max_seen');
      expect(
        labels.filter((l) => l?.endsWith('(default)')),
        strategy,
      ).toHaveLength(1);
      unmountAll();
    }
  });
});

describe('the lock-delay', () => {
  it('is a field under Chubby and the generic lock service (as Consul has), and sets the knob', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const field = () => {
      const container = renderInLab(store, <KnobPicker />);
      const label = [...container.querySelectorAll('label')].find((l) => l.textContent === 'Lock-delay (ms)');
      const value = label ? (label.control as HTMLInputElement).value : null;
      unmountAll();
      return value;
    };
    // Left out, it means as long as the lease under Chubby, and none under the generic service.
    expect(field()).toBe('0');
    store.getState().setStrategy('chubby');
    expect(field()).toBe('1000');
    store.getState().setKnob('lockDelayMs', 15000);
    expect(store.getState().scenario.knobs.lockDelayMs).toBe(15000);
    expect(store.getState().trace.knobs.lockDelayMs).toBe(15000);
    for (const other of ['etcd', 'zookeeper', 'redlock', 'qjm']) {
      store.getState().setStrategy(other);
      expect(field(), other).toBeNull();
    }
  });
});

describe('renewal and when each client stops acting', () => {
  it('offers a keepalive under the generic strategies only, and a stop policy per client where there is a lease', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const text = () => {
      const t = renderInLab(store, <KnobPicker />).textContent!;
      unmountAll();
      return t;
    };
    expect(text()).toContain('(keepalive)');
    expect(text()).toContain('When does each client stop acting on the lock?');
    store.getState().setStrategy('zookeeper');
    expect(text()).not.toContain('(keepalive)');
    expect(text()).toContain('When does each client stop acting on the lock?');
    store.getState().setStrategy('qjm');
    expect(text()).not.toContain('When does each client stop acting on the lock?');
  });

  it("sets one client's policy without touching the other's, and the default leaves the knob out", () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <KnobPicker />);
    const select = (client: string) => {
      const label = [...container.querySelectorAll('label')].find((l) => l.textContent === client)!;
      return label.control as HTMLSelectElement;
    };
    act(() => {
      select('Client1').value = 'never';
      select('Client1').dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(store.getState().scenario.knobs.stopActing).toEqual({ Client1: 'never' });
    expect(container.textContent).toContain('Only the store can stop it.');
    act(() => {
      select('Client2').value = 'first-doubt';
      select('Client2').dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(store.getState().scenario.knobs.stopActing).toEqual({ Client1: 'never', Client2: 'first-doubt' });
    act(() => {
      select('Client1').value = 'lost';
      select('Client1').dispatchEvent(new Event('change', { bubbles: true }));
      select('Client2').value = 'lost';
      select('Client2').dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(store.getState().scenario.knobs.stopActing).toBeUndefined();
    unmountAll();
  });
});

describe('withStopPolicy', () => {
  it('adds, replaces and removes one client, and returns nothing when no client is left', () => {
    expect(withStopPolicy(undefined, 'Client1', 'never')).toEqual({ Client1: 'never' });
    expect(withStopPolicy({ Client1: 'never' }, 'Client2', 'renew-deadline')).toEqual({
      Client1: 'never',
      Client2: 'renew-deadline',
    });
    expect(withStopPolicy({ Client1: 'never' }, 'Client1', 'lost')).toBeUndefined();
  });
});

describe("Redlock's retry policy", () => {
  const redlockStore = () => {
    const store = createLabStore(findPreset('redlock-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <KnobPicker />);
    const control = <T extends HTMLElement>(text: string) => {
      const label = [...container.querySelectorAll('label')].find((l) => l.textContent === text);
      return (label?.control ?? null) as T | null;
    };
    return { store, container, control };
  };
  const choose = (select: HTMLSelectElement, value: string) =>
    act(() => {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });

  it("offers the client libraries' defaults and the three numbers, in plain words, under Redlock only", () => {
    const { container, control } = redlockStore();
    const select = control<HTMLSelectElement>('Retry policy')!;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'This lab’s Redlock client: 2 retries, 100–299 ms apart (default)',
      'node-redlock 5 (npm redlock): 10 retries, 100–299 ms apart',
      'redlock-rb 2 (Ruby): 3 retries, 200–249 ms apart',
      'redlock-py 1 (Python): 2 retries, 200 ms apart',
      'redsync 4 (Go): 31 retries, 50–249 ms apart',
    ]);
    expect(select.value).toBe('fencelab');
    expect(control<HTMLInputElement>('Retries after a failed try')!.value).toBe('2');
    expect(control<HTMLInputElement>('Wait between tries (ms)')!.value).toBe('100');
    expect(control<HTMLInputElement>('Random extra wait, less than (ms)')!.value).toBe('200');
    expect(container.textContent).toContain(
      "A client that finds the lock taken waits 0.2 s to 0.6 s in all, besides the tries themselves, before it gives up; a key lives 1 s, so it can give up while another client's key is still held.",
    );
    unmountAll();
    for (const other of ['fencing', 'zookeeper', 'etcd', 'chubby', 'qjm']) {
      expect(labelsUnder(other), other).not.toContain('Retry policy');
      unmountAll();
    }
  });

  it("sets a library's three numbers as one change, says where they come from, and the default drops them", () => {
    const { store, container, control } = redlockStore();
    const before = store.getState().past.length;
    choose(control<HTMLSelectElement>('Retry policy')!, 'node-redlock');
    expect(store.getState().scenario.knobs).toMatchObject({ retryCount: 10, retryDelayMs: 100, retryJitterMs: 200 });
    expect(store.getState().past).toHaveLength(before + 1);
    expect(store.getState().trace.steps.length).toBeGreaterThan(0);
    expect(container.textContent).toContain('node-redlock v5 (src/index.ts): retryCount 10');
    expect(control<HTMLInputElement>('Retries after a failed try')!.value).toBe('10');
    choose(control<HTMLSelectElement>('Retry policy')!, 'fencelab');
    expect(Object.keys(store.getState().scenario.knobs)).not.toContain('retryCount');
    expect(store.getState().scenario.knobs).toEqual(findPreset('redlock-race')!.scenario.knobs);
  });

  it('takes a number of its own and names it as such', () => {
    const { store, control } = redlockStore();
    const count = control<HTMLInputElement>('Retries after a failed try')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(count, '42');
      count.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => count.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(store.getState().scenario.knobs.retryCount).toBe(42);
    const select = control<HTMLSelectElement>('Retry policy')!;
    expect(select.value).toBe('custom');
    expect(select.selectedOptions[0]!.textContent).toBe('Your own: 42 retries, 100–299 ms apart');
  });
});

describe('retryOverrides and retryHint', () => {
  it('leave the knobs out for the default, and set all three otherwise', () => {
    expect(retryOverrides(REDLOCK_RETRY_DEFAULT, REDLOCK_RETRY_DEFAULT)).toEqual({
      retryCount: undefined,
      retryDelayMs: undefined,
      retryJitterMs: undefined,
    });
    expect(retryOverrides({ retryCount: 3, retryDelayMs: 200, retryJitterMs: 50 }, REDLOCK_RETRY_DEFAULT)).toEqual({
      retryCount: 3,
      retryDelayMs: 200,
      retryJitterMs: 50,
    });
  });

  it("say whether a client's waiting outlasts a key nobody releases", () => {
    const policy = (retryCount: number, retryDelayMs: number, retryJitterMs: number) => ({
      retryCount,
      retryDelayMs,
      retryJitterMs,
    });
    expect(retryHint(policy(10, 100, 200), 10_000)).toBe(
      "Each wait is 100 to 299 ms. A client that finds the lock taken waits 1 s to 3 s in all, besides the tries themselves, before it gives up; a key lives 10 s, so it can give up while another client's key is still held.",
    );
    expect(retryHint(policy(50, 200, 0), 10_000)).toMatch(
      /waits 10 s in all, .* so it outlasts a key nobody releases\.$/,
    );
    expect(retryHint(policy(40, 100, 200), 10_000)).toMatch(/waits 4 s to 12 s in all, .* is chance\.$/);
    expect(retryHint(policy(0, 200, 0), 1_500)).toBe(
      'A client that finds the lock taken gives up at once, while a key lives 1.5 s.',
    );
  });
});
