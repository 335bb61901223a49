// Why a worker stopped, in words that name the cause: a worker whose code could not be fetched
// (offline, or the site was updated since the page was opened and its old files are gone) fires
// a bare error event with no message; one that threw while running names its error. Only the
// first is "offline".

/** The sentence for a worker's error `event`: `work` is what it was doing, `code` what it runs. */
export function workerFailure(event: Event, work: string, code: string): string {
  const message = typeof ErrorEvent !== 'undefined' && event instanceof ErrorEvent ? event.message : '';
  return message
    ? `${work} stopped unexpectedly (${message})`
    : `the page could not fetch ${code} (offline, or the site was updated since the page was opened: reload it)`;
}
