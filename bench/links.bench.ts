// `npm run bench:links`: what opening a link costs, in figures, from the largest a link may be
// down to a preset's. It reports; it asserts nothing (compare the rows of one run). Prints, for
// each link: its length, the time to read it with the link grammar, and the time to decode it
// as the lab does (inflate, parse, validate), or to refuse it.
import { performance } from 'node:perf_hooks';
import { findPreset, randomWorkload } from '../src/engine/index';
import { readLabLink } from '../src/ui/link/grammar';
import { decodeHash, encodeHash } from '../src/ui/store/link/url';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function linkOf(actions: number): Promise<string> {
  const scenario = randomWorkload({ seed: 7, actions });
  return encodeHash({ scenario, cursor: 0, ownActionCount: scenario.actions.length });
}

const race = findPreset('canonical-race')!.scenario;
const links: [string, string][] = [
  ['a preset', '#preset=canonical-race&step=t6'],
  ['the canonical race, own', await encodeHash({ scenario: race, cursor: 3, ownActionCount: 4 })],
  ['1,000 random actions', await linkOf(1_000)],
  ['19,985 random actions (the most)', await linkOf(19_200)],
  ['1 MB of text', `#s=${'A'.repeat(1024 * 1024)}`],
  ['16 MB of text', `#s=${'A'.repeat(16 * 1024 * 1024)}`],
];

console.log(
  `${'link'.padEnd(34)}${'chars'.padStart(12)}${'grammar ms'.padStart(12)}${'decode ms'.padStart(12)}  outcome`,
);
for (const [name, hash] of links) {
  let start = performance.now();
  readLabLink(hash);
  const readMs = performance.now() - start;
  start = performance.now();
  const decoded = await decodeHash(hash);
  const decodeMs = performance.now() - start;
  const outcome = decoded.kind === 'error' ? `refused (${decoded.message.length} chars of message)` : decoded.kind;
  console.log(
    `${name.padEnd(34)}${fmt(hash.length).padStart(12)}${fmt(readMs, 2).padStart(12)}${fmt(decodeMs, 1).padStart(12)}  ${outcome}`,
  );
}
