// etcd's model (its parties' machines), loaded by a page when it first runs that strategy.

export { build } from '../../models/etcd';
