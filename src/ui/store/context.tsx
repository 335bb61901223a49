// The React binding: components reach the store only through useLab(selector), one selector
// per component. The selection is compared shallowly, so a selector may return a small object of
// the fields it needs; the component re-renders only when one of them changes.

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { LabActions, LabState, LabStore } from './labStore';

const StoreContext = createContext<LabStore | null>(null);

export function LabProvider({ store, children }: { store: LabStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useLabStore(): LabStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('Fencelab: a component used the lab store outside <LabProvider>.');
  return store;
}

export function useLab<T>(selector: (state: LabState & LabActions) => T): T {
  return useStore(useLabStore(), useShallow(selector));
}

/** The store's actions; they never change, so reading them never re-renders. */
export function useActions(): LabActions {
  return useLabStore().getState();
}
