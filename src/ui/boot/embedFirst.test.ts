// Which embed links the starter shows a build-drawn first view for: exactly the link the view was
// drawn for, in any order, with at most an origin besides; never another.
import { describe, expect, it } from 'vitest';
import { embedFirstLink, embedFirstOf } from './embedFirst';

const PRESETS = ['canonical-race', 'etcd-race'];

describe('embedFirstOf', () => {
  it("takes each preset's own link, in any order, with a real origin", () => {
    expect(embedFirstLink('canonical-race')).toBe('#embed&preset=canonical-race&step=t6');
    expect(embedFirstLink('etcd-race')).toBe('#embed&preset=etcd-race');
    for (const hash of [
      '#embed&preset=canonical-race&step=t6',
      '#embed&step=t6&preset=canonical-race',
      '#embed&preset=canonical-race&step=t6&origin=https%3A%2F%2Fdocs.example',
    ])
      expect(embedFirstOf(hash, PRESETS), hash).toEqual({
        preset: 'canonical-race',
        link: '#embed&preset=canonical-race&step=t6',
        file: 'first/canonical-race.json',
      });
    expect(embedFirstOf('#embed&preset=etcd-race', PRESETS)?.file).toBe('first/etcd-race.json');
  });

  it('refuses any link that would draw something else, or that the page names a problem in', () => {
    for (const hash of [
      '#preset=canonical-race&step=t6',
      '#embed&preset=canonical-race',
      '#embed&preset=canonical-race&step=6',
      '#embed&preset=canonical-race&step=t2',
      '#embed&preset=canonical-race&step=t6&strategy=etcd',
      '#embed&preset=canonical-race&step=t6&show=timeline,narration,transport',
      '#embed&preset=canonical-race&step=t6&autoplay',
      '#embed&preset=canonical-race&step=t6&speed=2',
      '#embed&preset=canonical-race&step=t6&own=1',
      '#embed&preset=canonical-race&step=t6&step=t6',
      '#embed&preset=canonical-race&step=t6&origin=docs.example',
      '#embed&preset=canonical-race&step=t6&stepp=t3',
      '#embed&preset=etcd-race&step=0',
      '#embed&preset=no-such-preset',
      '#embed&s=abc',
      '#embed',
    ])
      expect(embedFirstOf(hash, PRESETS), hash).toBeNull();
  });
});
