// Login history (client/events/login-history.ts; docs/product/2-sign-in-notices-cache-routing.md
// §9): a multi-user login is raised once a second distinct viewer signs in on one browser.
import { describe, expect, it } from 'vitest';
import { rememberViewer } from '../../../client/events/login-history.ts';

describe('login history', () => {
  it('raises the multi-user login when a second distinct viewer signs in, not when one returns', () => {
    const first = rememberViewer([], 'u1');
    expect(first).toEqual({ history: ['u1'], multiUserLogin: false });
    expect(rememberViewer(first.history, 'u1').multiUserLogin).toBe(false);
    const second = rememberViewer(first.history, 'u2');
    expect(second).toEqual({ history: ['u1', 'u2'], multiUserLogin: true });
    expect(rememberViewer(second.history, 'u1').multiUserLogin).toBe(false);
    expect(rememberViewer(second.history, 'u3').multiUserLogin).toBe(true);
  });
});
