// The Break it search, fetched by a page when it first searches (and by the CLI and the tests).

export { search, startSearch } from '../search/search';
export { FAULT_KINDS } from '../search/faults';
export { FAULT_WORDS } from '../search/explain';
export type { FaultKind, SearchInput, SearchProgress, SearchResult } from '../search/types';
