// What an edit of a timed action offers and makes: time, length and party, nothing else.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../engine';
import { editFields, editedAction, sameAction } from './editAction';

const edit = (action: Action, values: Record<string, string>) => editedAction(action, editFields(action), values);

describe('editing a timed action', () => {
  it('offers time, client and length for a pause, starting at its values', () => {
    const pause: Action = { atMs: 100, type: 'pause', client: 'Client1', durationMs: 2500 };
    expect(editFields(pause).map((f) => [f.name, f.kind, f.initial])).toEqual([
      ['atMs', 'ms', '100'],
      ['client', 'client', 'Client1'],
      ['durationMs', 'optionalMs', '2500'],
    ]);
    expect(edit(pause, { durationMs: '500' })).toEqual({ ...pause, durationMs: 500 });
    expect(edit(pause, { durationMs: ' ' })).toEqual({ atMs: 100, type: 'pause', client: 'Client1' });
  });

  it.each<[Action, string[]]>([
    [{ atMs: 1, type: 'crash', party: 'LockService', restartAfterMs: 300 }, ['atMs', 'party', 'restartAfterMs']],
    [{ atMs: 1, type: 'restart', party: 'LockService' }, ['atMs', 'party']],
    [{ atMs: 1, type: 'delay', from: 'Client1', to: 'Storage', extraMs: 9 }, ['atMs', 'from', 'to', 'extraMs']],
    [{ atMs: 1, type: 'clockJump', party: 'Storage', deltaMs: -2000 }, ['atMs', 'party', 'deltaMs']],
    [{ atMs: 1, type: 'write', client: 'Client2', value: 'X' }, ['atMs', 'client']],
    [{ atMs: 1, type: 'partition', a: 'Client1', b: 'LockService' }, ['atMs', 'a', 'b']],
    [{ atMs: 1, type: 'expireLease' }, ['atMs']],
  ])('%o: edits %j', (action, names) => {
    expect(editFields(action).map((f) => f.name)).toEqual(names);
  });

  it('changes only what was edited, and keeps a write its value', () => {
    const write: Action = { atMs: 1300, type: 'write', client: 'Client2', value: 'X' };
    expect(edit(write, { atMs: '1400', client: 'Client1' })).toEqual({ ...write, atMs: 1400, client: 'Client1' });
    const jump: Action = { atMs: 5, type: 'clockJump', party: 'LockService', deltaMs: 10 };
    expect(edit(jump, { deltaMs: '-250' })).toEqual({ ...jump, deltaMs: -250 });
  });

  it('edits both ends of a cut, a heal and a delay', () => {
    const cut: Action = { atMs: 200, type: 'partition', a: 'Client1', b: 'LockService' };
    expect(editFields(cut).map((f) => f.name)).toEqual(['atMs', 'a', 'b']);
    expect(edit(cut, { b: 'Storage' })).toEqual({ ...cut, b: 'Storage' });
    const heal: Action = { atMs: 900, type: 'heal', a: 'Client1', b: 'LockService' };
    expect(edit(heal, { a: 'Client2', atMs: '950' })).toEqual({ ...heal, a: 'Client2', atMs: 950 });
    const delay: Action = { atMs: 300, type: 'delay', from: 'Client1', to: 'Storage', extraMs: 400 };
    expect(edit(delay, { from: 'LockService', to: 'Client2', extraMs: '50' })).toEqual({
      ...delay,
      from: 'LockService',
      to: 'Client2',
      extraMs: 50,
    });
  });

  it('knows an edit that changes nothing', () => {
    const pause: Action = { atMs: 100, type: 'pause', client: 'Client1', durationMs: 2500 };
    expect(sameAction(edit(pause, {}), pause)).toBe(true);
    expect(sameAction(edit(pause, { atMs: '101' }), pause)).toBe(false);
  });
});
