// Copies a link to exactly this view (scenario and step). If the clipboard is not available the
// link is shown, selected, to copy by hand, until the user closes it. "Copied" fades by itself.

import { useLabStore } from '../store/context';
import { currentLink } from '../store/link/urlSync';
import { useCopyNotice } from './copyNotice';

export function ShareButton({ flush }: { flush(): Promise<void> | void }) {
  const store = useLabStore();
  const [status, setStatus, close] = useCopyNotice();
  const share = async () => {
    await flush();
    const link = await currentLink(store, window.location.href);
    try {
      await navigator.clipboard.writeText(link);
      setStatus({ text: 'Link copied: it opens this scenario at this step.' });
    } catch {
      setStatus({ text: 'Copy this link:', manual: link });
    }
  };
  return (
    <div className="share">
      {/* A short word on the button keeps the header one row; the name says it all. */}
      <button type="button" onClick={share} aria-label="Share this view" title="Copy a link to this view">
        Share
      </button>
      <p className="share-status" role="status">
        {status?.text}
        {status?.manual && (
          <input
            aria-label="Link to this view"
            readOnly
            value={status.manual}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => e.key === 'Escape' && close()}
            autoFocus
          />
        )}
        {status?.manual && (
          <button type="button" onClick={() => close()}>
            Close
          </button>
        )}
      </p>
    </div>
  );
}
