// Fetches the open run's model (its strategy's machines) once the page is idle after the view is
// drawn, so the user's first change to a run opened from its shipped run does not wait for them.
// The lab uses it; the embed player does not (a passive embed never needs the machines).

import { useEffect } from 'react';
import type { LabStore } from '../store/labStore';
import { PAGE_CODE } from '../store/code/loading';

export function useModelSoon(store: LabStore): void {
  useEffect(() => {
    const fetchIt = () => void PAGE_CODE.load(store.getState().scenario.strategy).catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fetchIt, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(fetchIt, 1000);
    return () => clearTimeout(id);
  }, [store]);
}
