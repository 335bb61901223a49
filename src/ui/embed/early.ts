// Commands a docs page posts to the player before the player listens: the frame's load event can
// come before the embed view has drawn and started its bridge (bridge.ts), and a page that sends
// its first commands from the iframe's onload would lose them. The page's starter holds the parent's
// messages from the page's start where it shows the build's first view (boot/starter.ts), the page
// holds them from its own start (main.tsx, for an embed link), and the bridge takes them, in
// order, when it starts.
// Invariant: a message is handed over once, and only to the bridge, which checks its source,
// origin and shape as it checks any other; at most EARLY_MAX are held (a flood is not kept).

/** The most messages held before the bridge starts; later ones are dropped. */
export const EARLY_MAX = 100;

let held: MessageEvent[] | null = null;
// Only the parent's: the bridge takes commands from no one else, and another window's could fill the room.
const keep = (event: MessageEvent) => {
  if (held && held.length < EARLY_MAX && event.source === parentOf) held.push(event);
};
let parentOf: unknown = null;

/**
 * Starts holding the messages `win` receives, until takeEarlyMessages(). A second call does nothing.
 * Those the page's starter held before the page's script ran (where it showed the build's first
 * view and asked for the script after it: boot/starter.ts) come first: it hands them over, and
 * stops holding, as it is told `fencelab:embed-messages`.
 */
export function holdEarlyMessages(win: Window = window): void {
  if (held) return;
  held = [];
  parentOf = win.parent;
  const messages: MessageEvent[] = [];
  win.document?.dispatchEvent(new CustomEvent('fencelab:embed-messages', { detail: { messages } }));
  held.push(...messages.slice(0, EARLY_MAX));
  win.addEventListener('message', keep);
}

/** How many messages are held now (0 when none are, or nothing holds them). */
export const earlyMessagesHeld = (): number => held?.length ?? 0;

/** The messages held so far, oldest first; holding stops. [] when nothing was held. */
export function takeEarlyMessages(win: Window = window): MessageEvent[] {
  win.removeEventListener('message', keep);
  const taken = held ?? [];
  held = null;
  return taken;
}
