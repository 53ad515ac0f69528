// The sign-in dialog's settings (client/components/signin/dialog-config.ts;
// docs/product/2-sign-in-notices-cache-routing.md §2.1; docs/adr/0106-sign-in-dialog-settings.md):
// what the visitor was doing names the dialog's title and the terms line, and where it returns.
import { describe, expect, it } from 'vitest';
import { dialogTarget, returnAddress, type SignInDialogConfig } from '../../../client/components/signin/dialog-config.ts';
import { toDialogConfig } from '../../../client/components/signin/SignInDialogProvider.tsx';
import { signInConfigFromQuery } from '../../../client/pages/SignInPage.tsx';

const register = (more: Partial<SignInDialogConfig>): SignInDialogConfig => ({ step: 'SIGNUP_OPTIONS', operation: 'register', ...more });
const login = (more: Partial<SignInDialogConfig>): SignInDialogConfig => ({ step: 'SIGNIN_OPTIONS', operation: 'login', ...more });

describe('the dialog target', () => {
  it('titles each thing the visitor was doing, for sign-up and sign-in', () => {
    expect(dialogTarget(register({ user: 'Ada Lovelace' }))?.title).toBe('Create an account to follow Ada Lovelace.');
    expect(dialogTarget(login({ user: 'Ada Lovelace' }))?.title).toBe('Sign in to follow Ada Lovelace.');
    expect(dialogTarget(register({ collection: 'Tidewater' }))?.title).toBe('Create an account to follow Tidewater.');
    expect(dialogTarget(register({ topic: 'Marine Biology' }))?.title).toBe('Create an account to follow Marine Biology.');
    expect(dialogTarget(register({ post: 'The Salt Marsh' }))?.title).toBe('Create an account to read the full story.');
    expect(dialogTarget(login({ newsletterV3: 'Ada Lovelace' }))?.title).toBe('Sign in to get Ada Lovelace’s stories in your inbox.');
    expect(dialogTarget(register({ newsletterV3: 'Tidewater' }))?.title).toBe('Sign up to get Tidewater’s stories in your inbox.');
    expect(dialogTarget(register({}))).toBeNull();
  });

  it('shares the email with the newsletter’s writer or publication, and only then', () => {
    expect(dialogTarget(register({ newsletterV3: 'Tidewater' }))?.sharesEmailWith).toBe('Tidewater');
    expect(dialogTarget(register({ user: 'Ada Lovelace' }))?.sharesEmailWith).toBeNull();
    expect(dialogTarget(register({ user: 'Ada Lovelace', sharesEmailWith: 'Ada Lovelace' }))?.sharesEmailWith).toBe('Ada Lovelace');
  });
});

describe('where the dialog returns', () => {
  it('goes to the action first, then the redirect, then the publication, then where it was', () => {
    const here = '/@ada/the-salt-marsh-1a2b';
    expect(returnAddress(register({ actionUrl: '/@ada?action=follow', redirectTo: '/me' }), here)).toBe('/@ada?action=follow');
    expect(returnAddress(register({ redirectTo: '/me', collectionSlug: 'tidewater' }), here)).toBe('/me');
    expect(returnAddress(register({ collectionSlug: 'tidewater' }), here)).toBe('/tidewater');
    expect(returnAddress(register({}), here)).toBe(here);
  });

  it('never leaves the site for an action', () => {
    for (const actionUrl of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(returnAddress(register({ actionUrl }), '/here'), actionUrl).toBe('/here');
    }
  });
});

describe('/m/signin parameters', () => {
  it('reads every setting of the spec from the query', () => {
    const config = signInConfigFromQuery(
      '?operation=register&actionUrl=%2F%40ada%3Faction%3Dfollow&token=tok-123&collection=Tidewater&collectionSlug=tidewater&topic=Marine%20Biology&user=Ada&newsletterV3=Ada&post=The%20Salt%20Marsh',
    );
    expect(config).toMatchObject({
      operation: 'register',
      step: 'SIGNUP_OPTIONS',
      actionUrl: '/@ada?action=follow',
      token: 'tok-123',
      collection: 'Tidewater',
      collectionSlug: 'tidewater',
      topic: 'Marine Biology',
      user: 'Ada',
      newsletterV3: 'Ada',
      post: 'The Salt Marsh',
    });
  });

  it('keeps a redirect only when it is a path of this site', () => {
    expect(signInConfigFromQuery('?redirect=%2Fme').redirectTo).toBe('/me');
    expect(signInConfigFromQuery('?redirect=https%3A%2F%2Fevil.example').redirectTo).toBeUndefined();
  });

  it('drops empty settings and cuts long ones', () => {
    const config = toDialogConfig({ user: '', post: 'x'.repeat(500) });
    expect(config).not.toHaveProperty('user');
    expect(config.post).toHaveLength(200);
  });
});
