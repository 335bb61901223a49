// Presenter mode's zoom: a screen larger than the one it is laid out for is filled, a smaller one is not shrunk.
import { describe, expect, it } from 'vitest';
import { PRESENT_SCREEN_PX, presentScale } from './LessonView';

describe('presentScale', () => {
  it('is 1 on the screen presenter mode is laid out for (1280x720 at 150 % zoom)', () => {
    expect(presentScale(PRESENT_SCREEN_PX.width, PRESENT_SCREEN_PX.height)).toBe(1);
  });

  it('fills a larger screen by its tighter side: 1280x720 at 100 %, 1080p, a 16:10 laptop, an ultra-wide', () => {
    expect(presentScale(1280, 720)).toBe(1.5);
    expect(presentScale(1920, 1080)).toBe(2.25);
    expect(presentScale(1440, 900)).toBe(1.68); // the width decides: 1440 / 853
    expect(presentScale(2560, 1080)).toBe(2.25); // the height decides
  });

  it('never shrinks: a phone, a portrait tablet or a browser zoomed further in keeps 1', () => {
    expect(presentScale(390, 844)).toBe(1);
    expect(presentScale(768, 1024)).toBe(1);
    expect(presentScale(640, 360)).toBe(1);
    expect(presentScale(0, 0)).toBe(1);
  });
});
