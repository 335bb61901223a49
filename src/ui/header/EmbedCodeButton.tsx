// "Copy embed code": the iframe snippet for the current view (an unchanged preset by id, otherwise
// the scenario as the share link encodes it; a labelled step by its label), for a docs page. If the clipboard is refused the
// snippet is shown in a text area, selected, to copy by hand. "Copied" fades by itself.

import { useLabStore } from '../store/context';
import { currentLink } from '../store/link/urlSync';
import { embedHashOf, iframeSnippet, snippetHeight } from '../embed/embedUrl';
import { hasCompactLanes } from '../timeline/lanes';
import { useCopyNotice } from './copyNotice';
import { strategyName } from './carried';
import { carriedToOf } from '../store/code/presetOf';

export function EmbedCodeButton({ flush }: { flush(): Promise<void> | void }) {
  const store = useLabStore();
  const [status, setStatus, close] = useCopyNotice();
  const copy = async () => {
    await flush();
    const link = await currentLink(store, window.location.href);
    const at = link.indexOf('#');
    // The link names a labelled step by its label (step=t6), as the docs' examples do.
    const src = link.slice(0, at) + embedHashOf(link.slice(at));
    // A preset carried to another strategy is named with it, as the intro names it.
    const carriedTo = carriedToOf(store.getState());
    const name = store.getState().scenario.name;
    const { parties } = store.getState().trace;
    const code = iframeSnippet(
      src,
      `Fencelab: ${name}${carriedTo ? `, under ${strategyName(carriedTo)}` : ''}`,
      snippetHeight(hasCompactLanes(parties)),
    );
    try {
      await navigator.clipboard.writeText(code);
      setStatus({ text: 'Embed code copied: an iframe of this scenario at this step.' });
    } catch {
      setStatus({ text: 'Copy this embed code:', manual: code });
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
        {status?.manual && (
          <textarea
            aria-label="Embed code for this view"
            readOnly
            rows={3}
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
