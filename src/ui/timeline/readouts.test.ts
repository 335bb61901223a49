// The max_seen readouts' size: what keeps them readable and apart on lanes of any height.
import { describe, expect, it } from 'vitest';
import { MAXSEEN_BOX_PX, readoutHeight } from './readouts';

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
