// The max_seen readouts' size: what keeps them readable and apart on lanes of any height.
import { describe, expect, it } from 'vitest';
import { findPreset, simulate } from '../../engine';
import { MAXSEEN_BOX_PX, legendItems, readoutHeight } from './readouts';

describe('readoutHeight', () => {
  it('gives one readout, or readouts on well-spaced lanes, the full box', () => {
    expect(readoutHeight([{ y: 100 }])).toBe(MAXSEEN_BOX_PX);
    expect(readoutHeight([{ y: 100 }, { y: 164 }])).toBe(MAXSEEN_BOX_PX);
  });

  it('shrinks every box to the closest two lanes, 4 px apart, in whatever order they come', () => {
    // Three journal nodes 34 px apart on a projector, given bottom first.
    expect(readoutHeight([{ y: 168 }, { y: 100 }, { y: 134 }])).toBe(30);
    // Two resources that are not neighbours, one much closer pair among them.
    expect(readoutHeight([{ y: 100 }, { y: 300 }, { y: 321 }])).toBe(17);
  });

  it('never goes under 14 px', () => {
    expect(readoutHeight([{ y: 100 }, { y: 105 }])).toBe(14);
  });
});

describe("the key's words for a grant", () => {
  it("call an HDFS writer's grant an epoch, held per the journal nodes and superseded, not a lease that expires", () => {
    // Found by an engineer: the HDFS knobs say "no lease here", and the key said "lease held, per
    // the lock service" of the bar drawn for the writer's epoch.
    const words = (id: string) =>
      legendItems(simulate(findPreset(id)!.scenario))
        .filter((item) => ['held', 'believed', 'zombie'].includes(item.key))
        .map((item) => item.text);
    expect(words('qjm-race')).toEqual([
      'epoch held, per the journal nodes',
      'epoch believed held, per its holder',
      'zombie window: superseded, still believed',
    ]);
    expect(words('canonical-race')).toEqual([
      'lease held, per the lock service',
      'lease believed held, per its holder',
      'zombie window: expired, still believed',
    ]);
  });
});
