// The generic strategies' model (fencing token, plain lease), loaded by a page when it first runs
// one of them.

export { buildGeneric as build } from '../../models/generic';
