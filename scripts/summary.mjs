// Turns the JSON reports of Vitest and Playwright into the counts that `npm test` closes with.
// Invariant: a stage that failed never adds up to "0 failed" — if its report is missing or
// names no failing test, the stage itself counts as one failure.

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/** @returns {Counts} */
export function emptyCounts() {
  return { passed: 0, failed: 0, skipped: 0 };
}

/**
 * Counts from Vitest's `json` reporter (the Jest-compatible shape).
 * @param {unknown} report parsed JSON
 * @returns {Counts}
 */
export function countVitest(report) {
  const r = asObject(report);
  return {
    passed: asCount(r.numPassedTests),
    failed: asCount(r.numFailedTests),
    skipped: asCount(r.numPendingTests) + asCount(r.numTodoTests),
  };
}

/**
 * Counts from Playwright's `json` reporter. A flaky test passed on retry, so it counts as passed.
 * @param {unknown} report parsed JSON
 * @returns {Counts}
 */
export function countPlaywright(report) {
  const stats = asObject(asObject(report).stats);
  return {
    passed: asCount(stats.expected) + asCount(stats.flaky),
    failed: asCount(stats.unexpected),
    skipped: asCount(stats.skipped),
  };
}

/**
 * The counts a stage contributes, given its exit code and its report's counts (null when it
 * wrote no readable report, or has no report at all, like lint or build).
 * @param {number} exitCode
 * @param {Counts | null} reported
 * @returns {Counts}
 */
export function stageCounts(exitCode, reported) {
  const counts = reported ? { ...reported } : emptyCounts();
  if (exitCode !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

/**
 * @param {Counts} a
 * @param {Counts} b
 * @returns {Counts}
 */
export function addCounts(a, b) {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

/**
 * The closing line: `N passed, N failed`, with `, N skipped` only when some were skipped.
 * @param {Counts} counts
 * @returns {string}
 */
export function formatSummary(counts) {
  const line = `${counts.passed} passed, ${counts.failed} failed`;
  return counts.skipped > 0 ? `${line}, ${counts.skipped} skipped` : line;
}

/**
 * @param {unknown} value
 * @returns {Record<string, unknown>}
 */
function asObject(value) {
  return typeof value === 'object' && value !== null ? /** @type {Record<string, unknown>} */ (value) : {};
}

/** @param {unknown} value */
function asCount(value) {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
