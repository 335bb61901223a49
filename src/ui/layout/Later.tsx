// What is drawn just after the first paint instead of with it: the lab's panels below the fold
// and beside the run. The first paint then holds only what a reader looks at first (the header,
// the transport, the narration, the timeline and the verdict), and the rest is rendered in a
// transition, which React splits into short tasks, so a phone's main thread is never blocked long.
// Invariant: children mount once, in the first task after the first paint, and stay.

import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // An effect runs once the first frame is committed; the timeout lets it be painted first.
    const id = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(id);
  }, []);
  return shown ? children : null;
}
