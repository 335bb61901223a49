// "Copy link": copies the lab's own share link for a run (the same link the header's Share gives
// once the run is on screen); if the clipboard is refused the link is shown, selected, to copy by
// hand until closed.

import { useCopyNotice } from '../header/copyNotice';

/** A Copy link button; `linkOf` gives the link (an absolute URL) when pressed. */
export function CopyLink({ linkOf }: { linkOf(): Promise<string> }) {
  const [status, setStatus, close] = useCopyNotice();
  const copy = async () => {
    const link = await linkOf();
    try {
      await navigator.clipboard.writeText(link);
      setStatus({ text: 'Link copied: it opens this run at the step where the rule broke.' });
    } catch {
      setStatus({ text: 'Copy this link:', manual: link });
    }
  };
  return (
    <span className="copy-link">
      <button type="button" onClick={copy}>
        Copy link
      </button>
      <span role="status">
        {status?.text}
        {status?.manual && (
          <input
            aria-label="Link to this run"
            readOnly
            value={status.manual}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => e.key === 'Escape' && close()}
            autoFocus
          />
        )}
      </span>
    </span>
  );
}
