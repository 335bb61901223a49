// Tokens are checked to the form their system issues, on the way in: a token of another form is
// refused with the observation and the field named, before any view compares it.

import { describe, expect, it } from 'vitest';
import type { Recording } from './format';
import { validateRecording } from './validate';

const files = import.meta.glob<Recording>('../../../public/recordings/*.json', { eager: true, import: 'default' });
const shipped = (id: string): Recording => structuredClone(files[`../../../public/recordings/${id}.json`]!);

/** `id` with observation `i`'s token (or a detail field) set to `value`, validated. */
function withToken(id: string, i: number, value: unknown, field: 'token' | 'maxSeenBefore' | 'maxSeenAfter' = 'token') {
  const rec = shipped(id) as unknown as { observations: Record<string, unknown>[] };
  const o = rec.observations[i]!;
  if (field === 'token') o.token = value;
  else o.detail = { ...(o.detail as object), [field]: value };
  return validateRecording(rec);
}

const firstWithToken = (id: string) => shipped(id).observations.findIndex((o) => o.token !== undefined);

describe('tokens in the form their system issues', () => {
  it('accepts every shipped recording', () => {
    for (const [file, rec] of Object.entries(files)) expect(validateRecording(rec), file).toMatchObject({ ok: true });
  });

  it('refuses an etcd token that is not a decimal number, naming the observation and the field', () => {
    // The input: it used to pass, then took the view down when the drawing compared it.
    const i = firstWithToken('etcd-race');
    expect(withToken('etcd-race', i, 'x2')).toEqual({
      ok: false,
      message: `"observations[${i}].token" is "x2", not an etcd revision, a whole decimal number below 2^63.`,
    });
    for (const bad of ['', ' 2', '2.5', '-2', '+2', '02', '0x2', '1e3', '9223372036854775808'])
      expect(withToken('etcd-race', i, bad), bad).toMatchObject({ ok: false });
    expect(withToken('etcd-race', i, '9223372036854775807')).toMatchObject({ ok: true });
  });

  it('holds ZooKeeper zxids to 64 bits, unsigned', () => {
    const i = firstWithToken('zookeeper-race');
    expect(withToken('zookeeper-race', i, '18446744073709551615')).toMatchObject({ ok: true });
    expect(withToken('zookeeper-race', i, '18446744073709551616')).toEqual({
      ok: false,
      message: `"observations[${i}].token" is "18446744073709551616", not a ZooKeeper zxid, a whole decimal number below 2^64.`,
    });
  });

  it("holds Redlock's random values to 40 lowercase hex digits", () => {
    const i = firstWithToken('redlock-race');
    expect(withToken('redlock-race', i, '2')).toMatchObject({
      ok: false,
      message: `"observations[${i}].token" is "2", not a Redlock random value (40 lowercase hex digits).`,
    });
    expect(withToken('redlock-race', i, 'g'.repeat(40))).toMatchObject({ ok: false });
    expect(withToken('redlock-race', i, 'A'.repeat(40))).toMatchObject({ ok: false });
  });

  it("checks the store's max_seen as a token too, and quotes only a short piece of a long one", () => {
    const i = shipped('etcd-race').observations.findIndex((o) => o.kind === 'write.rejected' && o.party === 'Storage');
    expect(withToken('etcd-race', i, 'four', 'maxSeenBefore')).toMatchObject({
      message: expect.stringMatching(new RegExp(`^"observations\\[${i}\\]\\.detail\\.maxSeenBefore" is "four"`)),
    });
    expect(withToken('etcd-race', i, 4, 'maxSeenAfter')).toMatchObject({
      message: `"observations[${i}].detail.maxSeenAfter" should be text (an exact token) or null.`,
    });
    const long = withToken('etcd-race', i, '9'.repeat(100_000));
    expect(long.ok).toBe(false);
    expect((long as { message: string }).message.length).toBeLessThan(160);
  });
});

describe('parties checked against the recorded schedule', () => {
  it('refuses a recording naming a client its schedule does not have, naming it', () => {
    const rec = shipped('etcd-race') as unknown as { observations: Record<string, unknown>[] };
    const i = rec.observations.findIndex((o) => o.party === 'Client2');
    rec.observations[i]!.party = 'Client9';
    expect(validateRecording(rec)).toEqual({
      ok: false,
      message: `"observations[${i}].party" is "Client9", a client the recorded schedule does not have (it has Client1 and Client2).`,
    });
    const other = shipped('zookeeper-race') as unknown as { observations: Record<string, unknown>[] };
    const j = other.observations.findIndex((o) => o.client !== undefined);
    other.observations[j]!.client = 'Client3';
    expect(validateRecording(other)).toMatchObject({
      ok: false,
      message: expect.stringContaining('is "Client3", a client'),
    });
  });
});
