// The notice a copy button shows under the header's buttons: "copied", which fades by itself, or
// the text to copy by hand (the clipboard was refused), which stays until closed. One notice is on
// screen at a time: a new one, from either button, closes the last.

import { useCallback, useEffect, useState } from 'react';

const COPIED_NOTE_MS = 4000;

export interface CopyNotice {
  text: string;
  /** Shown to copy by hand; such a notice stays until closed. */
  manual?: string;
}

/** Closes the notice on screen, whichever button showed it. */
let closeShown: (() => void) | null = null;

/** [the notice, show one (closing any other), close it]. */
export function useCopyNotice(): [CopyNotice | null, (notice: CopyNotice) => void, () => void] {
  const [notice, setNotice] = useState<CopyNotice | null>(null);
  const close = useCallback(() => setNotice(null), []);
  useEffect(() => {
    if (!notice) return undefined;
    closeShown = close;
    const timer = notice.manual === undefined ? setTimeout(close, COPIED_NOTE_MS) : undefined;
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      if (closeShown === close) closeShown = null;
    };
  }, [notice, close]);
  const show = useCallback(
    (next: CopyNotice) => {
      if (closeShown !== close) closeShown?.();
      setNotice(next);
    },
    [close],
  );
  return [notice, show, close];
}
