// Whether the "Real servers" view is open, and which recording it shows, kept in the link:
//   #recordings            the list of recordings
//   #recording=ID          one recording (ID as in public/recordings/ID.json)
// A framework-free store (the lab's header opens it, Root shows it) and a Route wrapper so the
// lab's URL sync writes and reads these links too. Invariant: reading a link never throws; while
// the view is open the link is its own, and closing it gives the link back to the lab.

import { createStore } from 'zustand/vanilla';
import type { Route } from '../store/urlSync';

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

/** The recording a link names: `{ id }` (null for the list), or null when it is no such link. */
export function readRecordedLink(hash: string): { id: string | null } | null {
  const bare = hash.replace(/^#/, '');
  if (bare === 'recordings') return { id: null };
  const match = /^recording=([^&]*)/.exec(bare);
  if (!match) return null;
  let id = match[1] ?? '';
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape stays as typed; the view says it names no recording.
  }
  return { id: id || null };
}

export const recordedHash = (id: string | null) => (id ? `#recording=${encodeURIComponent(id)}` : '#recordings');

/** `inner` (the lessons' route) with the recordings' links in front of it. */
export function withRecordings(inner: Route, route: RecordedRoute = recordedRoute): Route {
  return {
    hash() {
      const s = route.getState();
      return s.open ? recordedHash(s.id) : inner.hash();
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
