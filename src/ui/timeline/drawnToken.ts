// A token as the drawing writes it beside a mark, an arrow, a lease or max_seen. Pure: no DOM.

import { formatToken, type TokenValue } from '../../engine';

/** Longer tokens are cut to their first this-many characters in the drawing. */
const DRAWN_TOKEN_CHARS = 8;
/** Tokens up to this long are written whole (the model's Redlock values are 8 hex digits). */
const WHOLE_TOKEN_MAX = 12;

/**
 * `token` as the drawing writes it: whole up to 12 characters, and a longer one (a real Redis lock
 * value, 40 hex digits) as its first 8 and an ellipsis, "3cc4ae6e…": written whole, it ran over
 * the zombie window and out of the max_seen box. The tooltips and the event table keep it whole.
 */
export function drawnToken(token: Exclude<TokenValue, null>): string {
  const whole = formatToken(token);
  return whole.length <= WHOLE_TOKEN_MAX ? whole : `${whole.slice(0, DRAWN_TOKEN_CHARS)}…`;
}
