// Transport icons as inline SVG (font glyphs such as ⏮ are missing from many system fonts).
// Decorative: every button that shows one has its own accessible name.

const PATHS = {
  first: 'M2 3h2v10H2zM9 3v10L4 8zM15 3v10L10 8z',
  back: 'M4 3h2v10H4zM13 3v10L6 8z',
  play: 'M5 3v10l8-5z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  forward: 'M3 3v10l7-5zM10 3h2v10h-2z',
  last: 'M1 3v10l5-5zM7 3v10l5-5zM12 3h2v10h-2z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="icon">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
