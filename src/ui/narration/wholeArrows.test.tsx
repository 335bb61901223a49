import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { withWholeArrows } from './wholeArrows';

const drawn = (text: string) => renderToStaticMarkup(<p>{withWholeArrows(text)}</p>);

describe('withWholeArrows', () => {
  it('keeps each arrow in a span that does not break, and the text as it was', () => {
    const html = drawn('mod_revision != 33 -> FAIL, then -> retry');
    expect(html).toBe(
      '<p>mod_revision != 33 <span class="whole-arrow">-&gt;</span> FAIL, then <span class="whole-arrow">-&gt;</span> retry</p>',
    );
    expect(html.replace(/<[^>]+>/g, '').replace(/&gt;/g, '>')).toBe('mod_revision != 33 -> FAIL, then -> retry');
  });

  it('leaves a sentence with no arrow, or with a hyphen alone, as plain text', () => {
    expect(withWholeArrows('max_seen stays 34')).toBe('max_seen stays 34');
    expect(drawn('a write-through - no arrow')).toBe('<p>a write-through - no arrow</p>');
    expect(drawn('->')).toBe('<p><span class="whole-arrow">-&gt;</span></p>');
  });
});
