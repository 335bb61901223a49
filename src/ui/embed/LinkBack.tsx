// "Open in Fencelab": the full lab at the view the embed shows now (scenario and step, by the
// share link's encoding), in a new tab. Invariant: the link follows the store, a moment behind.

import { useEffect, useState } from 'react';
import { useLabStore } from '../store/context';
import { currentLink } from '../store/urlSync';

const DELAY_MS = 300;

export function LinkBack() {
  const store = useLabStore();
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void currentLink(store, window.location.href).then((link) => live && setHref(link));
      }, DELAY_MS);
    };
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
    <a className="embed-link" href={href ?? './'} target="_blank" rel="noopener" data-testid="open-in-lab">
      Open in Fencelab<span className="visually-hidden"> (a new tab)</span> <span aria-hidden="true">↗</span>
    </a>
  );
}
