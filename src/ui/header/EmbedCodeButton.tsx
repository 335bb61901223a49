// "Copy embed code": the iframe snippet for the current view (an unchanged preset by id, otherwise
// the scenario as the share link encodes it; a labelled step by its label), for a docs page. If the clipboard is refused the
// snippet is shown in a text area, selected, to copy by hand. "Copied" fades by itself.

import { useEffect, useState } from 'react';
import { useLabStore } from '../store/context';
import { currentLink } from '../store/urlSync';
import { embedHashOf, iframeSnippet } from '../embed/embedUrl';

const COPIED_NOTE_MS = 4000;

export function EmbedCodeButton({ flush }: { flush(): Promise<void> | void }) {
  const store = useLabStore();
  const [status, setStatus] = useState<{ text: string; code?: string } | null>(null);
  useEffect(() => {
    if (!status || status.code) return undefined;
    const timer = setTimeout(() => setStatus(null), COPIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const copy = async () => {
    await flush();
    const link = await currentLink(store, window.location.href);
    const at = link.indexOf('#');
    // A labelled step is named by its label (step=t6), as the docs' examples do.
    const { trace, cursor } = store.getState();
    const src = link.slice(0, at) + embedHashOf(link.slice(at), undefined, trace.steps[cursor]?.label);
    const code = iframeSnippet(src, `Fencelab: ${store.getState().scenario.name}`);
    try {
      await navigator.clipboard.writeText(code);
      setStatus({ text: 'Embed code copied: an iframe of this scenario at this step.' });
    } catch {
      setStatus({ text: 'Copy this embed code:', code });
    }
  };
  return (
    <div className="share">
      <button
        type="button"
        onClick={copy}
        aria-label="Copy embed code"
        title="Copy an iframe that shows this view in a docs page"
      >
        Embed
      </button>
      <p className="embed-code-status" role="status">
        {status?.text}
        {status?.code && (
          <textarea
            aria-label="Embed code for this view"
            readOnly
            rows={3}
            value={status.code}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => e.key === 'Escape' && setStatus(null)}
            autoFocus
          />
        )}
        {status?.code && (
          <button type="button" onClick={() => setStatus(null)}>
            Close
          </button>
        )}
      </p>
    </div>
  );
}
