// The rules of worker/oauth/ and worker/accounts/account-limits.ts that need no database: which
// redirect URIs an application may register, how requested scopes are read, where an OAuth answer
// goes, and who may publish (docs/adr/0084-limited-accounts.md and docs/adr/0088-oauth-for-third-party-applications.md).
import { describe, expect, it } from 'vitest';
import { LIMITED_ACCOUNT_MESSAGE, publishingRefusal, SUSPENDED_ACCOUNT_MESSAGE } from '../../../worker/accounts/account-limits.ts';
import { redirectUriProblem } from '../../../worker/integrations/oauth-applications.ts';
import { parseRequestedScopes, redirectWith } from '../../../worker/oauth/authorization.ts';

describe('redirectUriProblem', () => {
  it.each(['https://tool.example/callback', 'https://tool.example/cb?x=1', 'http://localhost:3000/cb', 'http://127.0.0.1/cb', 'http://[::1]:8080/cb'])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });
  it.each(['http://tool.example/cb', 'ftp://tool.example/cb', 'javascript:alert(1)', '/cb', 'https://tool.example/cb#x', 'https://a:b@tool.example/cb', `https://tool.example/${'a'.repeat(600)}`])(
    'refuses %s',
    (uri) => {
      expect(redirectUriProblem(uri)).not.toBeNull();
    },
  );
});

describe('parseRequestedScopes', () => {
  it('reads comma- or space-separated known scopes, in the canonical order, once each', () => {
    expect(parseRequestedScopes('publishPost,basicProfile')).toEqual(['basicProfile', 'publishPost']);
    expect(parseRequestedScopes('basicProfile listPublications basicProfile')).toEqual(['basicProfile', 'listPublications']);
  });
  it('refuses none, or any unknown one', () => {
    expect(parseRequestedScopes('')).toBeNull();
    expect(parseRequestedScopes(' , ')).toBeNull();
    expect(parseRequestedScopes('basicProfile,admin')).toBeNull();
  });
});

describe('redirectWith', () => {
  it("adds OAuth's parameters and keeps the URI's own query; a null is left out", () => {
    const url = new URL(redirectWith('https://tool.example/cb?from=vellum', { code: 'abc', state: null }));
    expect(url.searchParams.get('from')).toBe('vellum');
    expect(url.searchParams.get('code')).toBe('abc');
    expect(url.searchParams.has('state')).toBe(false);
  });
});

describe('publishingRefusal', () => {
  it('refuses suspended and limited accounts, each with its message', () => {
    expect(publishingRefusal({ isSuspended: false, isLimited: false })).toBeNull();
    expect(publishingRefusal({ isSuspended: false, isLimited: true })).toBe(LIMITED_ACCOUNT_MESSAGE);
    expect(publishingRefusal({ isSuspended: true, isLimited: true })).toBe(SUSPENDED_ACCOUNT_MESSAGE);
  });
});
