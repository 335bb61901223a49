// @vitest-environment jsdom
// A worker's error event told for what it is: code that could not be fetched is "offline", an
// error thrown while running is named.
import { expect, it } from 'vitest';
import { workerFailure } from './failure';

it('says offline only for a worker whose code never came (a bare error event)', () => {
  expect(workerFailure(new Event('error'), 'the comparison', 'the code of the comparison')).toBe(
    'the page could not fetch the code of the comparison (offline, or the site was updated since the page was opened: reload it)',
  );
  expect(
    workerFailure(new ErrorEvent('error', { message: 'Uncaught RangeError: too deep' }), 'the comparison', 'its code'),
  ).toBe('the comparison stopped unexpectedly (Uncaught RangeError: too deep)');
});
