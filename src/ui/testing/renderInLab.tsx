// Renders a component inside a lab store's provider into a <div> in jsdom, for component tests.
// Everything rendered is unmounted after each test (importing this registers the afterEach).
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach } from 'vitest';
import { LabProvider } from '../store/context';
import type { LabStore } from '../store/labStore';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: (() => void)[] = [];

/** Unmounts everything rendered so far (a test that renders in a loop calls it between renders). */
export function unmountAll(): void {
  for (const unmount of mounted.splice(0)) unmount();
}
afterEach(unmountAll);

/** Renders `element` with `store` and returns its container; it is unmounted after the test. */
export function renderInLab(store: LabStore, element: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<LabProvider store={store}>{element}</LabProvider>));
  mounted.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}
