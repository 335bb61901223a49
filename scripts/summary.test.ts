import { describe, expect, it } from 'vitest';
import { addCounts, countPlaywright, countVitest, emptyCounts, formatSummary, stageCounts } from './summary.mjs';

describe('countVitest', () => {
  it('reads passed, failed and skipped tests from the json reporter', () => {
    const report = {
      numTotalTests: 9,
      numPassedTests: 5,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 1,
    };
    expect(countVitest(report)).toEqual({ passed: 5, failed: 2, skipped: 2 });
  });

  it('treats a report without counts as empty', () => {
    expect(countVitest({})).toEqual(emptyCounts());
    expect(countVitest(null)).toEqual(emptyCounts());
  });
});

describe('countPlaywright', () => {
  it('counts flaky tests as passed and unexpected ones as failed', () => {
    const report = { stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 } };
    expect(countPlaywright(report)).toEqual({ passed: 4, failed: 1, skipped: 2 });
  });

  it('treats a report without stats as empty', () => {
    expect(countPlaywright({ errors: ['webServer failed'] })).toEqual(emptyCounts());
  });
});

describe('stageCounts', () => {
  it('keeps the report as it is when the stage passed', () => {
    expect(stageCounts(0, { passed: 4, failed: 0, skipped: 1 })).toEqual({
      passed: 4,
      failed: 0,
      skipped: 1,
    });
  });

  it('counts a failed stage without a report (typecheck, lint, build) as one failure', () => {
    expect(stageCounts(2, null)).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  it('counts a failed run whose report names no failing test as one failure', () => {
    expect(stageCounts(1, { passed: 3, failed: 0, skipped: 0 })).toEqual({
      passed: 3,
      failed: 1,
      skipped: 0,
    });
  });

  it('does not add a failure on top of failing tests', () => {
    expect(stageCounts(1, { passed: 3, failed: 2, skipped: 0 }).failed).toBe(2);
  });
});

describe('formatSummary', () => {
  it('prints the closing line CI reads', () => {
    const total = addCounts({ passed: 7, failed: 0, skipped: 0 }, { passed: 1, failed: 1, skipped: 0 });
    expect(formatSummary(total)).toBe('8 passed, 1 failed');
  });

  it('mentions skipped tests only when there are some', () => {
    expect(formatSummary({ passed: 2, failed: 0, skipped: 3 })).toBe('2 passed, 0 failed, 3 skipped');
  });
});
