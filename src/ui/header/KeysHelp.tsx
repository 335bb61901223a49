// The keyboard shortcuts, written out where people can find them (not only in tooltips). They work
// anywhere on the page except inside a field that needs the key itself.

import { useDisclosure } from './useDisclosure';

const KEYS: [string, string][] = [
  ['Space', 'play or pause'],
  ['← →', 'step back or forward'],
  ['Home End', 'first or last step'],
  ['+ −', 'faster or slower'],
  ['Ctrl+Z', 'undo the last change'],
  ['Ctrl+Shift+Z', 'redo what was undone (or Ctrl+Y)'],
];

export function KeysHelp() {
  const [ref] = useDisclosure();
  return (
    <details className="keys-help" ref={ref}>
      <summary>Keys</summary>
      <div className="keys-help__panel">
        <dl>
          {KEYS.map(([keys, does]) => (
            <div key={keys}>
              <dt>
                {keys.split(' ').map((k) => (
                  <kbd key={k}>{k}</kbd>
                ))}
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <p>Keys typed into a field stay in the field.</p>
      </div>
    </details>
  );
}
