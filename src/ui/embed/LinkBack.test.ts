// The link back to the full lab, before the store's own is worked out: the embed's link less the
// embed's own words, so a reader who follows it at once lands on the same view, not the lab's start.
import { describe, expect, it } from 'vitest';
import { labLinkOf } from './LinkBack';

describe('labLinkOf', () => {
  it('keeps the view (preset, scenario, strategy, step) and drops what only an embed reads', () => {
    expect(labLinkOf('https://x.example/docs/#embed&preset=etcd-race&strategy=redlock&step=t6')).toBe(
      'https://x.example/docs/#preset=etcd-race&strategy=redlock&step=t6',
    );
    expect(
      labLinkOf('https://x.example/#embed&s=abc&own=5&autoplay&speed=2&show=timeline,narration&origin=https%3A%2F%2Fd'),
    ).toBe('https://x.example/#s=abc&own=5');
    expect(labLinkOf('https://x.example/#embed')).toBe('https://x.example/');
    expect(labLinkOf('https://x.example/')).toBe('https://x.example/');
  });
});
