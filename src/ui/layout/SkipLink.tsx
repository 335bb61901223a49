// "Skip to the run": the page's first Tab stop, shown only while it has the focus, that moves the
// focus past the header to the main content. Invariant: it never touches the address: every `#`
// in this app is a link to a run (urlSync reads it), so the link moves the focus itself and keeps
// the hash as it is. The target takes the focus with tabIndex -1, which leaves the keyboard
// shortcuts working from there (useKeyboard only yields keys to form controls, buttons and links).

import type { MouseEvent } from 'react';

export function SkipLink({ target, children }: { target: string; children: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(target);
    if (!main) return;
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={onClick}>
      {children}
    </a>
  );
}
