// Fetches a recording from the site's own files (recordings/ID.json beside index.html, so a site
// served from a sub-path finds them too) and checks it. Invariant: never throws and never shows
// a stack trace; every failure is one sentence saying which recording and what went wrong.

import { validateRecording, type Recording } from '../../engine/surfaces/recorded';
import { isRecordingId } from './catalog';

export type LoadResult = { ok: true; recording: Recording } | { ok: false; message: string };

/** The recording's address, relative to the page (never to the site's root). */
export const recordingUrl = (id: string, base: string) =>
  new URL(`recordings/${encodeURIComponent(id)}.json`, base).href;

/**
 * Loads recording `id`. `fetcher` and `base` are the browser's by default (tests pass their own).
 * @returns the recording, validated, or a message such as `The recording "x" could not be loaded: …`.
 */
export async function loadRecording(
  id: string,
  fetcher: typeof fetch = (...args) => fetch(...args),
  base: string = document.baseURI,
): Promise<LoadResult> {
  const fail = (why: string): LoadResult => ({
    ok: false,
    message: `The recording "${id}" could not be opened: ${why}`,
  });
  if (!isRecordingId(id)) return fail('that is not the name of a recording (letters, digits and dashes only).');
  let response: Response;
  try {
    response = await fetcher(recordingUrl(id, base));
  } catch {
    return fail('the page could not fetch the file (offline, or the network is down).');
  }
  if (!response.ok)
    return fail(
      response.status === 404
        ? 'the site has no such file (404). Pick one from the list.'
        : `the site answered ${response.status}.`,
    );
  // A static host answers an unknown path with index.html (an SPA fallback): no such file either.
  if (/html/i.test(response.headers.get('content-type') ?? ''))
    return fail('the site has no such file. Pick one from the list.');
  let raw: unknown;
  try {
    raw = JSON.parse(await response.text());
  } catch {
    return fail('the file is not valid JSON.');
  }
  const checked = validateRecording(raw);
  if (!checked.ok) return fail(checked.message);
  if (checked.recording.id !== id) return fail(`the file says it is "${checked.recording.id}".`);
  return checked;
}
