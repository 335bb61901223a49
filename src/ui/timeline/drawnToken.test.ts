// Tokens as the drawing writes them: a real Redis lock value (40 hex digits) ran over the zombie
// window and out of the max_seen box; the model's own tokens are written whole.

import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../engine';
import { drawnToken } from './drawnToken';
import { legendItems } from './readouts';
import { layoutWhole as full, presetScenario as preset } from '../testing/timelineFixtures';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('a token in the drawing', () => {
  it('is written whole up to 12 characters, and a longer one as its first 8 and an ellipsis', () => {
    expect(drawnToken(33)).toBe('33');
    expect(drawnToken('831cc043')).toBe('831cc043');
    expect(drawnToken(7668682584585976)).toBe('7668682584585976'.slice(0, 8) + '…');
    expect(drawnToken('3cc4ae6eaefd259cafe5b1e4a12c5736a118a443')).toBe('3cc4ae6e…');
  });

  it("keeps the model's tokens whole beside marks and arrows", () => {
    const layout = full(simulate(preset('canonical-race')));
    expect(layout.marks.filter((m) => m.token !== null).map((m) => m.token)).toContain('34');
  });

  it('says a rejection among random values is chance, not order, in the key', () => {
    const reject = (id: string) => legendItems(simulate(preset(id))).find((i) => i.key === 'reject')!.text;
    expect(reject('canonical-race')).toBe('write rejected: stale token');
    expect(reject('redlock-race')).toBe('write rejected: its random token compared lower (chance, not order)');
  });

  it('names a refused write of the rightful holder as that, not as a stale token', () => {
    const s = preset('carry-many-writes');
    const bare = simulate({ ...s, knobs: { ...s.knobs, check: 'reject-le' }, labels: [] });
    expect(legendItems(bare).find((i) => i.key === 'reject')!.text).toBe(
      "write rejected: the holder's own write, refused by the store's rule",
    );
  });
});
