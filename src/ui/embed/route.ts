// Whether the page is an embed (#embed&…), and with what options, as a Route for the lab's URL
// sync: while it is open the link is the embed link as opened (the frame's src stays the
// parent's), and a new embed link typed or set over it opens afresh. Invariant: this module is
// tiny and imports no view; the embed view itself loads only when an embed link is opened.

import { createStore } from 'zustand/vanilla';
import type { Route } from '../store/link/urlSync';
import { isEmbedHash, readEmbedHash, type EmbedOptions } from './embedUrl';

export interface EmbedRouteState {
  options: EmbedOptions | null;
  show(options: EmbedOptions): void;
  close(): void;
}

export const embedRoute = createStore<EmbedRouteState>()((set) => ({
  options: null,
  show: (options) => set({ options }),
  close: () => set({ options: null }),
}));

export type EmbedRoute = typeof embedRoute;

/** `inner` with the embed links in front of it. */
export function withEmbed(inner: Route, route: EmbedRoute = embedRoute): Route {
  return {
    hash: () => route.getState().options?.hash ?? inner.hash(),
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
      if (isEmbedHash(hash)) {
        route.getState().show(readEmbedHash(hash));
        return true;
      }
      if (route.getState().options) route.getState().close();
      return inner.open(hash);
    },
  };
}
