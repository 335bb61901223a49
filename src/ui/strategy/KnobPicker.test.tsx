// @vitest-environment jsdom
// The knob panel names the lease knob in each system's own terms and hides it where there is none.
import { describe, expect, it } from 'vitest';
import { STRATEGIES, findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab, unmountAll } from '../testing/renderInLab';
import { KnobPicker } from './KnobPicker';

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
      chubby: 'Session lease and lock-delay (ms)',
      qjm: null,
    };
    expect(STRATEGIES.map((s) => s.id).sort()).toEqual(Object.keys(expected).sort());
    for (const [strategy, label] of Object.entries(expected)) {
      const labels = labelsUnder(strategy);
      const leaseLike = labels.filter((l) => /lease|TTL|timeout/i.test(l));
      expect(leaseLike, strategy).toEqual(label === null ? [] : [label]);
      unmountAll();
    }
  });
});
