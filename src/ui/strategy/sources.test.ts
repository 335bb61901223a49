// What the lab says of where each model comes from: every system names its sources, and a system
// said to be checked against a real server names the server and version its shipped recordings
// were made on (public/recordings), so the two cannot drift apart when it is recorded again.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRATEGY_ABOUT } from '../../engine';

const dir = join(import.meta.dirname, '../../../public/recordings');
const recordings = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map(
    (f) =>
      JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
        schedule: { strategy: string };
        server: { name: string; version: string };
      },
  );

describe("each system's sources", () => {
  it('names at least one source, each with a title, and a link on https or http', () => {
    for (const [id, about] of Object.entries(STRATEGY_ABOUT)) {
      expect(about.sources.length, id).toBeGreaterThan(0);
      for (const source of about.sources) {
        expect(source.title.length, id).toBeGreaterThan(10);
        if (source.url !== undefined) expect(source.url, id).toMatch(/^https?:\/\/[^\s]+$/);
      }
    }
  });

  it('says a system was checked against a real server exactly when recordings of it ship, naming their server', () => {
    const recorded = new Map(recordings.map((r) => [r.schedule.strategy, r.server]));
    expect(recorded.size).toBeGreaterThan(0);
    for (const [id, about] of Object.entries(STRATEGY_ABOUT)) {
      const server = recorded.get(id);
      if (!server) expect(about.recordedOn, id).toBeNull();
      else
        expect(about.recordedOn, id).toMatch(new RegExp(`^${server.name} ${server.version.replace(/\./g, '\\.')}\\b`));
    }
  });
});
