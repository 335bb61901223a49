// A comparison worker: holds the scenario the page sent, and runs it under the strategy the page
// names next, one at a time, so the page can share the strategies among several workers and show
// each row as it comes. The page cancels by ending the worker; nothing here waits.

import { STRATEGIES, createSimulator, type Scenario } from '../../engine';
import { compareUnder } from '../../engine/surfaces/comparison';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { summaryOf, type CompareReply, type CompareRequest } from './wire';

const post = (reply: CompareReply) => (self as unknown as Worker).postMessage(reply);
// A comparison runs every strategy.
const simulator = createSimulator(ALL_MODELS);
let scenario: Scenario | null = null;

onmessage = (event: MessageEvent<CompareRequest>) => {
  const request = event.data;
  if (request?.type === 'scenario') {
    scenario = request.scenario;
    return;
  }
  if (request?.type !== 'row' || !scenario) return;
  const strategy = STRATEGIES[request.index];
  try {
    if (!strategy) throw new Error(`there is no strategy number ${request.index}`);
    post({ type: 'row', index: request.index, row: summaryOf(compareUnder(scenario, strategy, simulator)) });
  } catch (e) {
    post({ type: 'failed', message: (e as Error).message });
  }
};
