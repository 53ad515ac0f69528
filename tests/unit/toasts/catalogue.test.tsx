// Every style of docs/product/2-sign-in-notices-cache-routing.md §4.4 renders its text and actions;
// error styles are themed.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { toastContent, UNDONE_NEGATIVE_SIGNAL_TEXT, type ToastRenderContext } from '../../../client/components/toasts/catalogue.tsx';
import { lockoutMessage as serverLockoutMessage, tooManyAttemptsMessage } from '../../../shared/auth/lockout-text.ts';
import { lockoutMessage } from '../../../client/components/toasts/lockout-message.ts';
import { taxStatusMessage } from '../../../client/components/toasts/tax-status-message.ts';
import type { ToastEntry, ToastExtraParams } from '../../../client/components/toasts/toast-queue.ts';
import { ERROR_TOAST_STYLES, NO_JOURNEY_TOAST_STYLES, TOAST_STYLES } from '../../../client/components/toasts/toast-styles.ts';

const NOW = Date.UTC(2026, 10, 22, 12);

function context(overrides: Partial<ToastRenderContext> = {}): ToastRenderContext {
  return {
    productName: 'Vellum',
    ctx: { hostKind: 'default', mainOrigin: 'https://vellum.example' },
    now: NOW,
    openSignIn: vi.fn(),
    show: vi.fn(),
    close: vi.fn(),
    reload: vi.fn(),
    ...overrides,
  };
}

function entry(style: string, extraParams: ToastExtraParams = {}, message = ''): ToastEntry {
  return { id: 1, style, message, duration: 5000, extraParams, phase: 'shown', location: '/' };
}

function text(style: string, extraParams: ToastExtraParams = {}, message = '', r = context()): string {
  return renderToStaticMarkup(<>{toastContent(entry(style, extraParams, message), r).text}</>)
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('toast catalogue', () => {
  it('has every style of the spec', () => {
    expect(TOAST_STYLES).toHaveLength(34);
    expect(new Set(TOAST_STYLES).size).toBe(34);
  });

  it.each(TOAST_STYLES)('%s renders some text', (style) => {
    expect(text(style, { name: 'Ada', email: 'a•••••@vellum.test' }, 'A message').trim().length).toBeGreaterThan(0);
  });

  it('themes the error styles and leaves the journey wrapper off the banners and ERROR', () => {
    expect([...ERROR_TOAST_STYLES].sort()).toEqual(['ERROR', 'POST_SUSPENDED', 'RETRY_STRIPE_CONNECTION', 'TAX_STATUS', 'USER_SUSPENDED']);
    expect([...NO_JOURNEY_TOAST_STYLES].sort()).toEqual(['ERROR', 'EU_PRIVACY_BANNER', 'POST_SUSPENDED', 'USER_SUSPENDED']);
  });

  it('shows unknown styles, MESSAGE and ACCENT as plain text', () => {
    expect(text('SOMETHING_NEW', {}, 'Plain words')).toBe('Plain words');
    expect(text('MESSAGE', {}, 'Saved')).toBe('Saved');
    expect(text('ACCENT', {}, 'Nice')).toBe('Nice');
  });

  it('has the spec texts', () => {
    expect(text('VERIFY_EMAIL')).toBe('Verify your email to get full access to your account.');
    expect(text('SENT_VERIFICATION_EMAIL', { email: 'ada@vellum.test' })).toBe('A verification email has been sent to ada@vellum.test.');
    expect(text('RETRYABLE_ERROR')).toBe('An error occured.');
    expect(text('SUBSCRIBE_SUCCESS', { name: 'Ada' })).toBe("You're now following Ada");
    expect(text('SUBSCRIBE_SELF')).toBe('You cannot follow yourself');
    expect(text('SUBSCRIBE_FAIL')).toContain('Click Follow on the page below to try again.');
    expect(text('NEWSLETTER_SUBSCRIBE', { name: 'Ada', entityType: 'USER' })).toBe("You're subscribed to Ada");
    expect(text('NEWSLETTER_SUBSCRIBE', { name: 'The Quill', entityType: 'COLLECTION' })).toBe("You've signed up for The Quill");
    expect(text('NEWSLETTER_UNSUBSCRIBE')).toContain('24 hours');
    expect(text('MOVE_POST_TO_TRASH')).toContain('permanently deleted after 14 days');
    expect(text('FOLLOW_CATALOG')).toContain('Your Library');
    expect(text('EU_PRIVACY_BANNER')).toBe(
      'To make Vellum work, we log user data. By using Vellum, you agree to our Privacy Policy, including cookie policy.',
    );
    expect(text('ERROR')).toBe('Something went wrong. Please try again.');
    expect(text('ERROR', {}, 'Boom')).toBe('Boom');
  });

  it('SIGN_IN_CONFIRMATION names the email, the member account, and offers "Not you?" at SIGNIN_OPTIONS', () => {
    expect(text('SIGN_IN_CONFIRMATION', { email: 'ada@vellum.test', isMember: false })).toBe('Welcome back. You are signed in as ada@vellum.test');
    expect(text('SIGN_IN_CONFIRMATION', { email: 'ada@vellum.test', isMember: true })).toBe(
      'Welcome back. You are signed into your member account ada@vellum.test',
    );
    const r = context();
    const content = toastContent(entry('SIGN_IN_CONFIRMATION', { email: 'ada@vellum.test' }), r);
    expect(content.actions.map((a) => a.label)).toEqual(['Not you?']);
    content.actions[0]!.onClick!();
    expect(r.close).toHaveBeenCalled();
    expect(r.openSignIn).toHaveBeenCalledWith(expect.objectContaining({ operation: 'login', step: 'SIGNIN_OPTIONS' }));
  });

  it('offers Undo only with a callback, runs it and closes', async () => {
    expect(toastContent(entry('MUTE_ENTITY', { name: 'Ada' }), context()).actions).toEqual([]);
    const onUndo = vi.fn();
    const r = context();
    const content = toastContent(entry('UNFOLLOW_ENTITY', { name: 'Ada', onUndo }), r);
    expect(content.actions.map((a) => a.label)).toEqual(['Undo']);
    content.actions[0]!.onClick!();
    expect(onUndo).toHaveBeenCalledOnce();
    expect(r.close).toHaveBeenCalled();
  });

  it('USER_NEGATIVE_SIGNAL says "Undone…" after Undo; UNDELETE_POST reloads', async () => {
    const r = context();
    toastContent(entry('USER_NEGATIVE_SIGNAL', { onUndo: () => Promise.resolve() }), r).actions[0]!.onClick!();
    await vi.waitFor(() => expect(r.show).toHaveBeenCalledWith({ message: UNDONE_NEGATIVE_SIGNAL_TEXT }));
    const r2 = context();
    toastContent(entry('UNDELETE_POST', { tab: 'Drafts', onUndo: () => undefined }), r2).actions[0]!.onClick!();
    await vi.waitFor(() => expect(r2.reload).toHaveBeenCalled());
  });

  it('links actions through the route builders', () => {
    const r = context();
    expect(toastContent(entry('POST_SUSPENDED', { postId: 'abc123abc123' }), r).actions).toEqual([
      { label: 'Edit story', href: '/p/abc123abc123/edit' },
    ]);
    expect(toastContent(entry('FOLLOW_CATALOG'), r).actions).toEqual([{ label: 'View library', href: '/me/lists/saved' }]);
    expect(toastContent(entry('SENT_VERIFICATION_EMAIL', { email: 'a@b.c' }), r).actions).toEqual([{ label: 'Change email', href: '/me/settings#email' }]);
    expect(toastContent(entry('RETRY_STRIPE_CONNECTION'), r).actions).toEqual([{ label: 'Try again', href: '/partner-program/stripe/reconnect' }]);
    const onResendEmail = vi.fn();
    toastContent(entry('VERIFY_EMAIL', { onResendEmail }), r).actions[0]!.onClick!();
    expect(onResendEmail).toHaveBeenCalled();
  });

  it('ALTERNATE_USER offers Switch account or Sign in', () => {
    expect(toastContent(entry('ALTERNATE_USER', { isLoggedIn: true }), context()).actions.map((a) => a.label)).toEqual(['Switch account']);
    expect(toastContent(entry('ALTERNATE_USER', { isLoggedIn: false }), context()).actions.map((a) => a.label)).toEqual(['Sign in']);
  });
});

describe('lockout texts (docs/product/2-sign-in-notices-cache-routing.md §8)', () => {
  // Issue 18 point 7: the toast says what the server says, in the spec's words ("N minute(s)").
  it('computes attempts, minutes and days', () => {
    expect(lockoutMessage({ errorType: 'InvalidPassword', failCount: 4 }, NOW)).toBe(
      'That password was incorrect. You have 2 more attempts before your account is locked for 1 minute.',
    );
    expect(lockoutMessage({ errorType: 'PasswordSoftLockout', lockedOutUntil: NOW + 61_000 }, NOW)).toBe(
      'Due to too many password attempts, your account is locked for 2 minute(s).',
    );
    expect(lockoutMessage({ errorType: 'TwoFactorAuthSoftLockout', lockedOutUntil: NOW + 1 }, NOW)).toBe(
      'You reached your maximum number of attempts. Your account will be locked for 1 minute(s).',
    );
    expect(lockoutMessage({ errorType: 'IpAuthLockout', lockedOutUntil: NOW + 36 * 3600_000 }, NOW)).toBe(
      'For security reasons, you cannot sign in from this network for 2 day(s).',
    );
    expect(lockoutMessage({ errorType: 'PasswordPermanentLockout' }, NOW)).toContain('requesting a magic link below');
    expect(lockoutMessage({ errorType: 'TwoFactorAuthPermanentLockout' }, NOW)).toContain('too many times');
    expect(lockoutMessage({}, NOW)).toBe('Please try again.');
  });

  it('is the very text the server sends for every error type', () => {
    for (const errorType of ['InvalidPassword', 'PasswordSoftLockout', 'PasswordPermanentLockout', 'InvalidTwoFactorAuthCode', 'TwoFactorAuthSoftLockout', 'TwoFactorAuthPermanentLockout', 'IpAuthLockout', 'Other']) {
      for (const lockedOutUntil of [NOW + 1, NOW + 61_000, NOW + 36 * 3600_000]) {
        expect(lockoutMessage({ errorType, failCount: 3, lockedOutUntil }, NOW)).toBe(serverLockoutMessage(errorType, { failCount: 3, lockedOutUntil }, NOW));
      }
    }
    expect(tooManyAttemptsMessage(61_000)).toBe('Too many attempts. Please try again in 2 minute(s).');
  });
});

describe('tax status texts (docs/product/2-sign-in-notices-cache-routing.md §4.5)', () => {
  const DAY = 86_400_000;
  it('follows the table', () => {
    expect(taxStatusMessage({ taxDocumentStatus: 0, earningsLimitedAt: Date.UTC(2026, 11, 5) }, NOW)).toContain('must be approved by December 5, 2026');
    expect(taxStatusMessage({ taxDocumentStatus: 0, earningsLimitedAt: NOW - DAY }, NOW)).toContain('Earnings stopped');
    expect(taxStatusMessage({ taxDocumentStatus: 0, earningsLimitedAt: NOW - 2 * DAY, earningsForfeitedAt: NOW - DAY }, NOW)).toContain('Earnings forfeited');
    expect(taxStatusMessage({ taxDocumentStatus: 1 }, NOW)).toContain('Please wait 3 to 5 business days for them to be reviewed.');
    expect(taxStatusMessage({ taxDocumentStatus: 2 }, NOW)).toContain('Please wait 3 to 5 business days');
    expect(taxStatusMessage({ taxDocumentStatus: 3 }, NOW)).toBe('There was an issue with your tax forms.');
    expect(taxStatusMessage({ taxDocumentStatus: 4 }, NOW)).toBeNull();
    const invalid = toastContent(entry('TAX_STATUS', { taxDocuments: { taxDocumentStatus: 3 } }), context());
    expect(invalid.actions).toEqual([{ label: 'Resubmit', href: '/me/partner/taxes' }]);
  });
});
