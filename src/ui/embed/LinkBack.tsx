// "Open in Fencelab": the full lab at the view the embed shows now (scenario and step, by the
// share link's encoding), in a new tab. Invariant: the link follows the store, a moment behind.

import { useEffect, useState } from 'react';
import { useLabStore } from '../store/context';
import { labHashOf } from '../link/grammar';
import { currentLink } from '../store/link/urlSync';

const DELAY_MS = 300;

/**
 * The full lab's link for an embed link, before the store's own is worked out: the same link
 * without `embed` (the lab reads preset, s, own, strategy and step as the embed does, and passes
 * over the embed's own parameters). "https://x/#embed&preset=a&step=t6" → "https://x/#preset=a&step=t6".
 */
function labLinkOf(href: string): string {
  const at = href.indexOf('#');
  return at < 0 ? href : href.slice(0, at) + labHashOf(href.slice(at));
}

export function LinkBack() {
  const store = useLabStore();
  // The build draws the embed's first view with no page around it (prerender.tsx): no link yet.
  const [href, setHref] = useState<string>(() =>
    typeof window === 'undefined' ? '' : labLinkOf(window.location.href),
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void currentLink(store, window.location.href).then((link) => live && setHref(link));
      }, DELAY_MS);
    };
    // Until then the link is the embed's own less its words (labLinkOf), already the view: the
    // store's, which may correct a link the embed could not read whole, follows a moment after
    // the first render rather than in it.
    update();
    const stop = store.subscribe((s, p) => {
      if (s.scenario !== p.scenario || s.cursor !== p.cursor || s.presetId !== p.presetId) update();
    });
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [store]);
  return (
    <a className="embed-link" href={href} target="_blank" rel="noopener" data-testid="open-in-lab">
      {/* A no-break space: a plain one at the end of a flex item is not drawn ("Open inFencelab"). */}
      <span className="embed-link-verb">Open in{'\u00a0'}</span>Fencelab
      <span className="visually-hidden"> (a new tab)</span>
      <span aria-hidden="true">{'\u00a0↗'}</span>
    </a>
  );
}
