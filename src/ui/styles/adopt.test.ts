// A view's own styles join the page's once, after the sheets already there; a document that
// cannot adopt sheets (a test's DOM) is left alone rather than failing the view's import.

import { afterEach, describe, expect, it, vi } from 'vitest';

class FakeSheet {
  text = '';
  replaceSync(text: string) {
    this.text = text;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** adopt.ts as a fresh page loads it, in a document holding `existing` sheets already. */
async function freshPage(existing: unknown[] | null) {
  const document: Record<string, unknown> = existing === null ? {} : { adoptedStyleSheets: existing };
  vi.stubGlobal('document', document);
  vi.stubGlobal('CSSStyleSheet', FakeSheet);
  const { adoptStyles } = await import('./adopt');
  return { adoptStyles, document };
}

describe('adoptStyles', () => {
  it("adds a view's styles after the sheets the page has, and only once however often the view loads", async () => {
    const page = new FakeSheet();
    const { adoptStyles, document } = await freshPage([page]);
    adoptStyles('.lesson-bar{display:flex}');
    adoptStyles('.lesson-bar{display:flex}');
    adoptStyles('.embed{display:grid}');
    const sheets = document.adoptedStyleSheets as FakeSheet[];
    expect(sheets[0]).toBe(page);
    expect(sheets.slice(1).map((s) => s.text)).toEqual(['.lesson-bar{display:flex}', '.embed{display:grid}']);
  });

  it('does nothing where the document cannot adopt sheets', async () => {
    const { adoptStyles, document } = await freshPage(null);
    expect(() => adoptStyles('.embed{display:grid}')).not.toThrow();
    expect(document).toEqual({});
  });
});
