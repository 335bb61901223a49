// Beside the run, while it is an answer the search found: "Why it broke", whose code is fetched
// only when such a run is first opened.

import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../store/context';
import { WHY, whyOf } from './why';

const WhyItBroke = lazy(() => import('./WhyItBroke'));

export function WhyGate() {
  const scenario = useLab((s) => s.scenario);
  const why = useStore(WHY);
  if (!whyOf(scenario, why)) return null;
  return (
    <Suspense fallback={null}>
      <WhyItBroke />
    </Suspense>
  );
}
