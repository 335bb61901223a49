// A <details> disclosure in the header (File, Keys) that behaves as a menu: it closes on a click
// or a focus elsewhere, and on Escape, and a choice made in it closes it with the keyboard's
// place kept (the focus goes back to its summary, not to the page).

import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** [the ref for the <details>, close it]. */
export function useDisclosure(): [RefObject<HTMLDetailsElement | null>, () => void] {
  const ref = useRef<HTMLDetailsElement | null>(null);
  const close = useCallback(() => {
    const details = ref.current;
    if (!details?.open) return;
    const hadFocus = details.contains(document.activeElement);
    details.open = false;
    if (hadFocus) details.querySelector('summary')?.focus();
  }, []);
  useEffect(() => {
    const outside = (e: Event) => {
      const details = ref.current;
      if (details?.open && !details.contains(e.target as Node)) details.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !ref.current?.open) return;
      ref.current.open = false;
      ref.current.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return [ref, close];
}
