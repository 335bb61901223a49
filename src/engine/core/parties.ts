// Party ids every layer names: the generic lock service and stores, and the clients.
// Invariant: ids are stable names users see in the UI, the CLI and scenario files, so they are
// spelled here once.

export const LOCK_SERVICE = 'LockService';
export const STORAGE = 'Storage';
export const STORAGE2 = 'Storage2';
export const MAILER = 'Mailer';

/** `Client1` … `ClientN`, the ids a scenario with `count` clients has. */
export function clientIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Client${i + 1}`);
}
