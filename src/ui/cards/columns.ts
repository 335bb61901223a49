// How many columns the party cards get: as many as fit at their minimum width, then evened out so
// no row is left with a lone card (four cards that fit three to a row become two rows of two).
// Invariant: pure; never more columns than cards, never fewer than one.

/** The same as .card-grid's stand-in columns in styles/cards.css. */
export const CARD_MIN_PX = 190;
export const CARD_GAP_PX = 10;

export function cardColumns(count: number, widthPx: number): number {
  if (count <= 1) return 1;
  const fit = Math.max(1, Math.floor((widthPx + CARD_GAP_PX) / (CARD_MIN_PX + CARD_GAP_PX)));
  const rows = Math.ceil(count / Math.min(fit, count));
  return Math.ceil(count / rows);
}
