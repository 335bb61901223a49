// The scenario's text inside a link: deflate (the browser's own CompressionStream, so no library)
// then base64url, which needs no escaping in a URL. About a third shorter than lz-string's links.
// Invariant: inflate never throws and never builds more than MAX_TEXT_BYTES, whatever it is given
// (a hand-edited or hostile link could otherwise expand a few kilobytes into gigabytes).

export const MAX_TEXT_BYTES = 16 * 1024 * 1024;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Runs bytes through a (de)compression stream and collects what comes out, up to `limit` bytes.
 * Only streams are used (no Blob or Response), so this runs the same in browsers, Node and jsdom.
 */
async function through(
  bytes: Uint8Array,
  transform: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array | 'too large'> {
  const writer = transform.writable.getWriter();
  // Errors surface on the reading side; these promises would otherwise go unhandled.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = transform.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return 'too large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export async function deflateText(text: string): Promise<string> {
  const out = await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw'), Infinity);
  return toBase64Url(out as Uint8Array);
}

export type Inflated = { ok: true; text: string } | { ok: false; problem: 'damaged' | 'too large' };

export async function inflateText(encoded: string): Promise<Inflated> {
  const bytes = fromBase64Url(encoded);
  if (!bytes) return { ok: false, problem: 'damaged' };
  try {
    const out = await through(bytes, new DecompressionStream('deflate-raw'), MAX_TEXT_BYTES);
    if (out === 'too large') return { ok: false, problem: 'too large' };
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(out) };
  } catch {
    return { ok: false, problem: 'damaged' };
  }
}
