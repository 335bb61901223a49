// A stand-in for an embed's window, for tests of the postMessage bridge without a browser: its
// parent records every event posted to it, and `send` delivers a message as the parent would.
// Test use only.

/** A frame's window whose parent records what is posted to it. */
export function standInFrame() {
  const posted: Record<string, unknown>[] = [];
  const parent = { postMessage: (data: Record<string, unknown>) => void posted.push(data) };
  let listener: ((event: MessageEvent) => void) | null = null;
  const win = {
    parent,
    location: {},
    document: { referrer: '' },
    addEventListener: (_: string, l: (event: MessageEvent) => void) => void (listener = l),
    removeEventListener: () => void (listener = null),
  } as unknown as Window;
  const send = (data: unknown) => listener?.({ source: parent, origin: 'https://docs.example', data } as MessageEvent);
  const ofType = (type: string) => posted.filter((event) => event.type === type);
  return { win, posted, send, ofType };
}
