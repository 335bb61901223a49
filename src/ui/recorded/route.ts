// Whether the "Real servers" view is open, and which recording it shows, kept in the link:
//   #recordings            the list of recordings
//   #recording=ID          one recording (ID as in public/recordings/ID.json)
// A framework-free store (the lab's header opens it, Root shows it) and a Route wrapper so the
// lab's URL sync writes and reads these links too (their text: link/grammar.ts). Invariant:
// reading a link never throws; while the view is open the link is its own, and closing it gives
// the link back to the lab.

import { createStore } from 'zustand/vanilla';
import type { Route } from '../store/link/urlSync';
import { readRecordedLink, recordedLinkText } from '../link/grammar';

export interface RecordedRouteState {
  open: boolean;
  /** The recording asked for, or null for the list alone. */
  id: string | null;
  show(id: string | null): void;
  close(): void;
}

export const recordedRoute = createStore<RecordedRouteState>()((set) => ({
  open: false,
  id: null,
  show: (id) => set({ open: true, id }),
  close: () => set({ open: false, id: null }),
}));

export type RecordedRoute = typeof recordedRoute;

/** `inner` (the lessons' route) with the recordings' links in front of it. */
export function withRecordings(inner: Route, route: RecordedRoute = recordedRoute): Route {
  return {
    hash() {
      const s = route.getState();
      return s.open ? recordedLinkText(s.id) : inner.hash();
    },
    suffix: () => inner.suffix(),
    subscribe(listener) {
      const stopInner = inner.subscribe(listener);
      const stopMine = route.subscribe(listener);
      return () => {
        stopInner();
        stopMine();
      };
    },
    open(hash) {
      const link = readRecordedLink(hash);
      if (link) {
        route.getState().show(link.id);
        return true;
      }
      // Another link typed over the open view: the view gives way to whatever it names.
      if (route.getState().open) route.getState().close();
      return inner.open(hash);
    },
  };
}
