// What a strategy is: the parties it needs, built from the effective knobs, and the words the UI
// shows about it. Invariant: a strategy is data plus small machines; the scheduler knows nothing
// about any particular strategy.

import type { Knobs } from '../scenario/types';
import type { PartyInfo } from '../trace/types';
import type { PartyLogic } from '../sim/logic';

export interface PartySpec {
  info: PartyInfo;
  logic: PartyLogic<unknown>;
}

export interface StrategyDef {
  id: string;
  name: string;
  /** One or two sentences: how it works and whether it stops a zombie. */
  summary: string;
  /** One sentence on what the model leaves out or simplifies. */
  simplification: string;
  /** The knobs this strategy defines; a scenario may still override them. */
  defaults: Pick<Knobs, 'tokenSource' | 'check'>;
  /** The party that "expire the lease now" addresses. */
  lockAuthority: string;
  build(knobs: Knobs, clients: string[]): PartySpec[];
}
