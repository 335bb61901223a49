// A view's code that could not be fetched (offline, or a tab left open across a new release whose
// old chunks are gone), told apart from a view that was fetched but failed to draw: only the first
// is "offline" (ViewBoundary says which).

/** The page could not fetch the code of `what`. */
export class CodeFetchError extends Error {
  constructor(what: string, cause: unknown) {
    super(`the page could not fetch the code of ${what}`, { cause });
    this.name = 'CodeFetchError';
  }
}

/** `load`, with its failure marked as a fetch failure of `what`'s code. */
export const fetchingCode =
  <T>(what: string, load: () => Promise<T>) =>
  (): Promise<T> =>
    load().catch((e: unknown) => {
      throw new CodeFetchError(what, e);
    });
