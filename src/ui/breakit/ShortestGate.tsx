// Beside the verdict, once the user's own faults have broken a rule: "The shortest way to break
// this design", whose code (the search's page side) is fetched only when it first appears.

import { lazy, Suspense } from 'react';
import { useLab } from '../store/context';
import { userFaults } from './learner';

const ShortestBreak = lazy(() => import('./ShortestBreak'));

export function ShortestGate() {
  // Shown once the user has added a fault of their own (a write is none) and the run is broken.
  const show = useLab(
    (s) => !s.trace.verdict.ok && userFaults(s.scenario, s.ownActionCount, s.trace.parties).count > 0,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ShortestBreak />
    </Suspense>
  );
}
