// @vitest-environment jsdom
// The comparison's "zombie's write kept out" cell: a row whose run was cut short by its event
// budget says so as its own outcome, never a ✓ nor "Not tested".
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BlockedCell } from './Comparison';

const cutShort = { events: 1_000_000, atMs: 1_234_567, horizonMs: 100_000_000 };
const text = (row: Parameters<typeof BlockedCell>[0]['row']) => {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<BlockedCell row={row} />);
  return host.textContent!;
};

describe('the blocked cell of a comparison row', () => {
  it('says a run cut short was cut short, whatever it had found up to the cut', () => {
    for (const staleWriteBlocked of [true, null]) {
      const words = text({
        staleWriteBlocked,
        error: null,
        holderRefused: null,
        cutShort,
        warnings: ['Cut short after…'],
      });
      expect(words).toMatch(/^⚠ Cut short: see the warning/);
      expect(words).not.toMatch(/Yes|Not tested|✓/);
    }
    expect(text({ staleWriteBlocked: false, error: null, holderRefused: null, cutShort, warnings: [] })).toMatch(
      /^⚠ No, then cut short/,
    );
  });

  it('answers a run that reached its end as before', () => {
    expect(text({ staleWriteBlocked: true, error: null, holderRefused: null, cutShort: null, warnings: [] })).toBe(
      '✓ Yes',
    );
    expect(text({ staleWriteBlocked: null, error: null, holderRefused: null, cutShort: null, warnings: [] })).toMatch(
      /^– Not tested/,
    );
  });

  it('names a refused write of the rightful holder: alone where no zombie wrote, beside the answer where one did', () => {
    const holderRefused = {
      client: 'Client1',
      value: 'B',
      resource: 'Storage',
      comparison: '33 <= 33 -> REJECT',
      count: 1,
    };
    const alone = text({ staleWriteBlocked: null, error: null, holderRefused, cutShort: null, warnings: [] });
    expect(alone).toBe("✕ Refused the holder's own write");
    expect(text({ staleWriteBlocked: true, error: null, holderRefused, cutShort: null, warnings: [] })).toBe(
      "✓ Yes✕ But it refused the holder's own write",
    );
    expect(text({ staleWriteBlocked: null, error: null, holderRefused, cutShort, warnings: [] })).toMatch(
      /^⚠ Cut short: see the warning.*✕ And it refused the holder's own write$/,
    );
  });
});
