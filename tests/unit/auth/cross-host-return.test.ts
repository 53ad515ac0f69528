// The mail link's confirm page lets its form's answer go on to the custom domain a sign-in
// returns to (Chromium checks form-action on every redirect that answers a submission), and
// only there (issue 29 point 7).
import { describe, expect, it } from 'vitest';
import { authPageHeadersSendingTo } from '../../../worker/auth/pages.ts';
import { crossHostReturnOrigin } from '../../../worker/auth/redirect.ts';

describe('crossHostReturnOrigin', () => {
  it('names the origin a /m/login-redirect return ends on', () => {
    const back = `/m/login-redirect?redirectUrl=${encodeURIComponent('http://ada.test.localhost:8787/a-story-abc?x=1')}`;
    expect(crossHostReturnOrigin(back)).toBe('http://ada.test.localhost:8787');
  });

  it('is null for a main-host path, or a return without an address', () => {
    expect(crossHostReturnOrigin('/tag/writing')).toBeNull();
    expect(crossHostReturnOrigin('/m/login-redirect?redirectUrl=')).toBeNull();
    expect(crossHostReturnOrigin('/m/login-redirect?redirectUrl=not%20a%20url')).toBeNull();
  });
});

describe('authPageHeadersSendingTo', () => {
  it('adds that origin to form-action, and nothing else', () => {
    const policy = authPageHeadersSendingTo('http://ada.test.localhost:8787')['content-security-policy'];
    expect(policy).toContain("form-action 'self' http://ada.test.localhost:8787;");
    expect(authPageHeadersSendingTo(null)['content-security-policy']).toContain("form-action 'self';");
  });
});
