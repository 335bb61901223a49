// The what-if form's fields as the engine's params: each time must read as seconds, then the
// builder judges the what-if as a whole. Invariant: pure; params only when the builder accepts them.

import { buildWhatIf, type WhatIfFault, type WhatIfParams, type WhatIfStop } from '../../engine';
import { msFromSeconds, secondsProblem } from './seconds';
import { TIMES, type Time } from './words';

/** The choices beside the times: when Client1 stops, the keepalive, and a write after the lease. */
export interface Choices {
  stopActing: WhatIfStop;
  keepalive: boolean;
  lateWrite: boolean;
}

export interface FormFields {
  texts: Record<Time, string>;
  fault: WhatIfFault;
  strategy: string;
  choices: Choices;
}

/**
 * `problems` says what is wrong with each time field that is; `result` is the builder's, once all
 * read; `params` are what built it, when it built.
 */
export function readWhatIf({ texts, fault, strategy, choices }: FormFields) {
  const ms = { faultMs: 0, leaseTtlMs: 0, client2AsksAtMs: 0 };
  const problems: Partial<Record<Time, string>> = {};
  for (const name of TIMES) {
    const problem = secondsProblem(texts[name]);
    if (problem) problems[name] = problem;
    else ms[name] = msFromSeconds(texts[name])!;
  }
  // A held-up write already lands when the network lets it: the late write is for the other faults.
  const lateWrite = choices.lateWrite && fault !== 'slow-network';
  const params: WhatIfParams = { fault, strategy, ...ms, ...choices, lateWrite };
  const result = Object.keys(problems).length === 0 ? buildWhatIf(params) : null;
  if (result && !result.ok && (TIMES as readonly string[]).includes(result.field))
    problems[result.field as Time] = result.error;
  return { problems, result, params: result?.ok ? params : null };
}
