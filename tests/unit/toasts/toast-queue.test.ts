import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOAST_DURATION_MS,
  TOAST_FADE_MS,
  initialToastState,
  toastReducer,
  toastTimer,
  type ToastAction,
  type ToastRequest,
  type ToastState,
} from '../../../client/components/toasts/toast-queue.ts';

const run = (...actions: ToastAction[]): ToastState => actions.reduce(toastReducer, initialToastState);
const enqueue = (toast: ToastRequest, location = '/'): ToastAction => ({ type: 'enqueue', toast, location });

describe('toast queue', () => {
  it('starts empty', () => {
    expect(initialToastState.current).toBeNull();
    expect(toastTimer(null)).toBeNull();
  });

  it('shows an enqueued toast with the defaults: MESSAGE, 5000 ms', () => {
    const state = run(enqueue({ message: 'Hello' }));
    expect(state.current).toMatchObject({ id: 1, style: 'MESSAGE', message: 'Hello', duration: 5000, phase: 'shown', location: '/' });
    expect(DEFAULT_TOAST_DURATION_MS).toBe(5000);
    expect(toastTimer(state.current)).toEqual({ action: { type: 'dismiss', id: 1 }, delayMs: 5000 });
  });

  it('keeps a given style, message, duration and extra params', () => {
    const onUndo = () => undefined;
    const state = run(enqueue({ style: 'MUTE_ENTITY', duration: 1234, extraParams: { name: 'Ada', onUndo } }));
    expect(state.current).toMatchObject({ style: 'MUTE_ENTITY', duration: 1234, extraParams: { name: 'Ada', onUndo } });
  });

  it('falls back to the default duration for nonsense durations', () => {
    expect(run(enqueue({ duration: -5 })).current?.duration).toBe(5000);
    expect(run(enqueue({ duration: Number.NaN })).current?.duration).toBe(5000);
  });

  it('replaces the current toast with a newly enqueued one, even while it fades', () => {
    let state = run(enqueue({ message: 'first' }), enqueue({ message: 'second' }));
    expect(state.current).toMatchObject({ id: 2, message: 'second', phase: 'shown' });
    state = run(enqueue({ message: 'first' }), { type: 'dismiss' }, enqueue({ message: 'third' }));
    expect(state.current).toMatchObject({ id: 2, message: 'third', phase: 'shown' });
  });

  it('fades out when its duration ends or it is closed, then is hidden', () => {
    let state = run(enqueue({ message: 'bye' }));
    state = toastReducer(state, { type: 'dismiss', id: 1 });
    expect(state.current?.phase).toBe('hiding');
    expect(toastTimer(state.current)).toEqual({ action: { type: 'hidden', id: 1 }, delayMs: TOAST_FADE_MS });
    state = toastReducer(state, { type: 'hidden', id: 1 });
    expect(state.current).toBeNull();
  });

  it('ignores timers of a toast that was already replaced', () => {
    const state = run(enqueue({ message: 'old' }), enqueue({ message: 'new' }));
    expect(toastReducer(state, { type: 'dismiss', id: 1 })).toBe(state);
    expect(toastReducer(state, { type: 'hidden', id: 1 })).toBe(state);
    // "hidden" only ends a toast that is fading.
    expect(toastReducer(state, { type: 'hidden', id: 2 })).toBe(state);
  });

  it('FOREVER stays until closed: no timer, not affected by navigation', () => {
    let state = run(enqueue({ style: 'EU_PRIVACY_BANNER', duration: 'FOREVER' }));
    expect(toastTimer(state.current)).toBeNull();
    state = toastReducer(state, { type: 'locationChanged', location: '/elsewhere' });
    expect(state.current?.phase).toBe('shown');
    state = toastReducer(state, { type: 'dismiss' });
    expect(state.current?.phase).toBe('hiding');
  });

  it('NEXTPAGE stays on its page and goes when the location changes', () => {
    let state = run(enqueue({ message: 'until next page', duration: 'NEXTPAGE' }, '/a'));
    expect(toastTimer(state.current)).toBeNull();
    state = toastReducer(state, { type: 'locationChanged', location: '/a' });
    expect(state.current?.phase).toBe('shown');
    state = toastReducer(state, { type: 'locationChanged', location: '/b' });
    expect(state.current?.phase).toBe('hiding');
  });

  it('a timed toast survives a location change', () => {
    const state = run(enqueue({ message: 'timed' }, '/a'), { type: 'locationChanged', location: '/b' });
    expect(state.current?.phase).toBe('shown');
  });

  it('closing with nothing shown changes nothing', () => {
    expect(toastReducer(initialToastState, { type: 'dismiss' })).toBe(initialToastState);
    expect(toastReducer(initialToastState, { type: 'locationChanged', location: '/x' })).toBe(initialToastState);
  });
});
