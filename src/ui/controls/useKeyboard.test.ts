// @vitest-environment jsdom
// The keyboard shortcuts move the store, and leave keys meant for form controls alone.
import { describe, expect, it } from 'vitest';
import { createLabStore } from '../store/labStore';
import { handleKey } from './useKeyboard';
import { ALL_CODE } from '../store/code/allCode';

const press = (
  store: ReturnType<typeof createLabStore>,
  key: string,
  target: EventTarget = document.body,
  init: KeyboardEventInit = {},
  clicked: Element | null = null,
) => {
  const event = new KeyboardEvent('keydown', { key, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return handleKey(store, event, clicked);
};

describe('handleKey', () => {
  it('steps, jumps, changes speed and plays', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    press(store, 'ArrowRight');
    press(store, 'ArrowRight');
    expect(store.getState().cursor).toBe(2);
    press(store, 'ArrowLeft');
    expect(store.getState().cursor).toBe(1);
    press(store, 'End');
    expect(store.getState().cursor).toBe(store.getState().trace.steps.length - 1);
    press(store, 'Home');
    expect(store.getState().cursor).toBe(0);
    press(store, '+');
    expect(store.getState().speed).toBe(2);
    press(store, '-');
    press(store, '-');
    expect(store.getState().speed).toBe(0.5);
    press(store, ' ');
    expect(store.getState().playing).toBe(true);
    press(store, ' ');
    expect(store.getState().playing).toBe(false);
  });

  it('leaves typing, sliders, buttons reached with the keyboard and tabs alone', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const input = document.createElement('input');
    expect(press(store, 'ArrowRight', input)).toBe(false);
    expect(press(store, '+', input)).toBe(false);
    // Reached with the keyboard, a button is pressed by space.
    const button = document.createElement('button');
    expect(press(store, ' ', button)).toBe(false);
    expect(press(store, 'ArrowRight', button)).toBe(true);
    const tab = document.createElement('button');
    tab.setAttribute('role', 'tab');
    expect(press(store, 'ArrowRight', tab)).toBe(false);
    expect(store.getState().cursor).toBe(1);
    expect(store.getState().playing).toBe(false);
  });

  it('plays on space when a button only kept the focus after a click', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const clicked = document.createElement('button');
    expect(press(store, ' ', clicked, {}, clicked)).toBe(true);
    expect(store.getState().playing).toBe(true);
  });

  it('undoes the last change with Ctrl+Z or Cmd+Z, but not inside a text field', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().addAction({ type: 'expireLease' });
    const input = document.createElement('input');
    expect(press(store, 'z', input, { ctrlKey: true })).toBe(false);
    expect(store.getState().edited).toBe(true);
    expect(press(store, 'z', document.body, { ctrlKey: true })).toBe(true);
    expect(store.getState().edited).toBe(false);
    store.getState().addAction({ type: 'expireLease' });
    expect(press(store, 'Z', document.body, { metaKey: true })).toBe(true);
    expect(store.getState().edited).toBe(false);
  });

  it('undoes and redoes with the focus on a box, a list or a button: they have no undo of their own', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().addAction({ type: 'expireLease' });
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(press(store, 'z', box, { ctrlKey: true })).toBe(true);
    expect(store.getState().edited).toBe(false);
    expect(press(store, 'y', document.createElement('select'), { ctrlKey: true })).toBe(true);
    expect(store.getState().edited).toBe(true);
    expect(press(store, 'z', document.createElement('button'), { ctrlKey: true })).toBe(true);
    expect(store.getState().edited).toBe(false);
    // A number field and a textarea keep the keys for their own typing.
    const number = document.createElement('input');
    number.type = 'number';
    expect(press(store, 'y', number, { ctrlKey: true })).toBe(false);
    expect(press(store, 'y', document.createElement('textarea'), { ctrlKey: true })).toBe(false);
    expect(press(store, 'y', document.createElement('input'), { ctrlKey: true })).toBe(false); // no type: text
    expect(store.getState().edited).toBe(false);
  });

  it('redoes with Ctrl+Shift+Z, Cmd+Shift+Z or Ctrl+Y, but not inside a text field', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().addAction({ type: 'expireLease' });
    store.getState().undo();
    const input = document.createElement('input');
    expect(press(store, 'Z', input, { ctrlKey: true, shiftKey: true })).toBe(false);
    expect(press(store, 'y', input, { ctrlKey: true })).toBe(false);
    expect(store.getState().edited).toBe(false);
    expect(press(store, 'Z', document.body, { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(store.getState().edited).toBe(true);
    store.getState().undo();
    expect(press(store, 'Z', document.body, { metaKey: true, shiftKey: true })).toBe(true);
    expect(store.getState().edited).toBe(true);
    store.getState().undo();
    expect(press(store, 'y', document.body, { altKey: true, ctrlKey: true })).toBe(false);
    expect(press(store, 'y', document.body, { metaKey: true })).toBe(false); // a Mac's History
    expect(press(store, 'y', document.body, { ctrlKey: true })).toBe(true);
    expect(store.getState().edited).toBe(true);
  });
});
