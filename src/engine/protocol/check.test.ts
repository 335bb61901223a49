import { describe, expect, it } from 'vitest';
import { decideWrite } from './check';
import { compareTokens, counterAfterRestart, issueToken } from './tokens';

describe('decideWrite', () => {
  it("the article's rule rejects equal or lower tokens and accepts higher ones", () => {
    expect(decideWrite('reject-le', 34, 0, 33, 1)).toMatchObject({
      accept: false,
      comparison: '33 <= 34 -> REJECT',
      maxSeenAfter: 34,
    });
    expect(decideWrite('reject-le', 34, 0, 34, 2)).toMatchObject({ accept: false, comparison: '34 <= 34 -> REJECT' });
    expect(decideWrite('reject-le', 32, 0, 34, 1)).toMatchObject({
      accept: true,
      comparison: '34 > 32 -> ACCEPT',
      maxSeenAfter: 34,
    });
  });

  it('reject-< lets an equal token through (the pitfall) and still refuses lower ones', () => {
    expect(decideWrite('reject-lt', 33, 0, 33, 1)).toMatchObject({ accept: true, comparison: '33 >= 33 -> ACCEPT' });
    expect(decideWrite('reject-lt', 34, 0, 33, 1)).toMatchObject({ accept: false, comparison: '33 < 34 -> REJECT' });
  });

  it('(token, seq) accepts the holder’s next write and refuses a replay or an older token', () => {
    expect(decideWrite('token-seq', 34, 1, 34, 2)).toMatchObject({
      accept: true,
      maxSeqAfter: 2,
      comparison: '34 = 34, write 2 after write 1 -> ACCEPT',
    });
    expect(decideWrite('token-seq', 34, 2, 34, 1)).toMatchObject({
      accept: false,
      comparison: '34 = 34, but write 2 came first -> REJECT',
    });
    expect(decideWrite('token-seq', 34, 2, 34, 2)).toMatchObject({
      accept: false,
      comparison: '34 = 34, write 2 not after write 2 -> REJECT',
    });
    expect(decideWrite('token-seq', 34, 0, 34, 1)).toMatchObject({
      accept: true,
      comparison: '34 = 34, write 1, the first seen -> ACCEPT',
    });
  });

  it('(token, seq) reads as the article’s check whenever the tokens differ, whatever the write numbers', () => {
    expect(decideWrite('token-seq', 34, 1, 33, 9)).toMatchObject({
      accept: false,
      reason: 'older than a token already seen',
      comparison: '33 <= 34 -> REJECT',
      maxSeenAfter: 34,
      maxSeqAfter: 1,
    });
    expect(decideWrite('token-seq', 33, 5, 34, 1)).toMatchObject({
      accept: true,
      comparison: '34 > 33 -> ACCEPT',
      maxSeenAfter: 34,
      maxSeqAfter: 1,
    });
    expect(decideWrite('token-seq', null, 0, 33, 1)).toMatchObject({ accept: true, comparison: '33 > none -> ACCEPT' });
  });

  it('no check accepts anything; a check without a token refuses', () => {
    expect(decideWrite('none', 34, 0, 1, 1)).toMatchObject({ accept: true, maxSeenAfter: 34 });
    expect(decideWrite('reject-le', 34, 0, null, 1)).toMatchObject({ accept: false, comparison: 'no token -> REJECT' });
    expect(decideWrite('reject-le', null, 0, 33, 1)).toMatchObject({ accept: true, comparison: '33 > none -> ACCEPT' });
  });
});

describe('tokens', () => {
  it('a durable counter survives a restart; an in-memory one starts over', () => {
    expect(issueToken({ source: 'durable-counter', counter: 33, nowMs: 0, rand: 0 })).toEqual({
      token: 34,
      counter: 34,
    });
    expect(counterAfterRestart('durable-counter', 34, 33)).toBe(34);
    expect(counterAfterRestart('resetting-counter', 34, 33)).toBe(32);
  });

  it('random tokens are 8 hex digits and wall-clock tokens are the clock', () => {
    expect(issueToken({ source: 'uuid', counter: 0, nowMs: 0, rand: 0xab }).token).toBe('000000ab');
    expect(issueToken({ source: 'wall-clock', counter: 0, nowMs: 1234, rand: 0 }).token).toBe(1234);
    expect(issueToken({ source: 'none', counter: 5, nowMs: 0, rand: 0 })).toEqual({ token: null, counter: 5 });
  });

  it('compares numbers by value and anything else as text', () => {
    expect(compareTokens(9, 10)).toBeLessThan(0);
    expect(compareTokens('9', '10')).toBeGreaterThan(0);
  });
});
