import { describe, expect, it } from 'vitest';
import { judgeGrant } from './belief';

describe('judgeGrant', () => {
  const grant = { askedAtMs: 100, leaseEndsInMs: 1000, grantId: 5 };

  it('times the belief from when the client asked, not from when the grant came', () => {
    expect(judgeGrant(grant, 0, 150)).toEqual({ take: true, believedUntilMs: 1100 });
    expect(judgeGrant(grant, 5, 900)).toEqual({ take: true, believedUntilMs: 1100 });
  });

  it('ignores a grant older than one already had, and one whose lease is over when it arrives', () => {
    expect(judgeGrant(grant, 6, 150)).toMatchObject({ take: false, reason: 'older' });
    expect(judgeGrant(grant, 0, 1100)).toMatchObject({ take: false, reason: 'over' });
  });
});
