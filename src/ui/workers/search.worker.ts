// The Break it worker: runs the engine's search for the page (searchWire.ts), a slice at a time,
// so the page sees progress and a Stop ends it between slices. One search at a time: a new start
// stops the one before.

import { startSearch } from '../../engine/surfaces/search';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { driveSearch, type SearchDrive, type SearchReply, type SearchRequest } from './searchWire';

const post = (reply: SearchReply) => (self as unknown as Worker).postMessage(reply);
let current: { id: number; drive: SearchDrive } | null = null;

onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  if (request?.type === 'stop') {
    if (current?.id === request.id) current.drive.stop();
    return;
  }
  if (request?.type !== 'start') return;
  current?.drive.stop();
  try {
    current = { id: request.id, drive: driveSearch(request.id, startSearch(request.input, ALL_MODELS), post) };
  } catch (e) {
    current = null;
    post({ type: 'failed', id: request.id, message: (e as Error).message || String(e) });
  }
};
