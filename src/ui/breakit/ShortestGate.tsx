// Beside the verdict, once the user's own faults have broken a rule: "The shortest way to break
// this design", whose code (the search's page side) is fetched only when it first appears.

import { lazy, Suspense } from 'react';
import { useLab } from '../store/context';

const ShortestBreak = lazy(() => import('./ShortestBreak'));

export function ShortestGate() {
  const show = useLab((s) => !s.trace.verdict.ok && s.scenario.actions.length > s.ownActionCount);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ShortestBreak />
    </Suspense>
  );
}
