// @vitest-environment jsdom
// The knob panel names the lease knob in each system's own terms and hides it where there is none.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { STRATEGIES, findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab, unmountAll } from '../testing/renderInLab';
import { KnobPicker, withStopPolicy } from './KnobPicker';

function labelsUnder(strategy: string): string[] {
  const store = createLabStore(findPreset('canonical-race')!.scenario);
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
    const store = createLabStore(findPreset('canonical-race')!.scenario);
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
      const store = createLabStore(findPreset('canonical-race')!.scenario);
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
      const store = createLabStore(findPreset('canonical-race')!.scenario);
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
});

describe('the lock-delay', () => {
  it('is a field under Chubby and the generic lock service (as Consul has), and sets the knob', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario);
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
    const store = createLabStore(findPreset('canonical-race')!.scenario);
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
    const store = createLabStore(findPreset('canonical-race')!.scenario);
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
