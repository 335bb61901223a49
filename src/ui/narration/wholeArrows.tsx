// The engine writes its arrows as ASCII "->" (it goes into plain text too: the CLI, the Mermaid
// export). A browser may break a line after a hyphen, so a narrow box showed "… != 33 -" on one
// line and "> FAIL" on the next. Drawn here, each arrow is kept whole; the text copied is unchanged.

import type { ReactNode } from 'react';

/**
 * The text as React children, each "->" in a span that does not break (`.whole-arrow`, nowrap).
 * @param text any sentence; returned as it is (a string) when it has no arrow
 */
export function withWholeArrows(text: string): ReactNode {
  const parts = text.split('->');
  if (parts.length === 1) return text;
  return parts.flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          <span key={i} className="whole-arrow">
            -&gt;
          </span>,
          part,
        ],
  );
}
