// Every toast style of docs/product/2-sign-in-notices-cache-routing.md §4.4 with its text and
// actions. Actions of features that arrive later (Undo, Resend email, Unsubscribe, …) call the
// callbacks their feature passes in extraParams; without one the action is not offered. Unknown
// styles show plain text.
import type { ReactNode } from 'react';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { buildLink } from '../../../shared/routing/links.ts';
import { mePageUrl, settingsUrl } from '../../../shared/urls/me-urls.ts';
import { postEditUrl } from '../../../shared/urls/story-urls.ts';
import type { SignInPromptOptions } from '../header/sign-in-prompt.tsx';
import { lockoutMessage } from './lockout-message.ts';
import { taxStatusKind, taxStatusMessage } from './tax-status-message.ts';
import type { ToastEntry, ToastRequest } from './toast-queue.ts';

export interface ToastActionSpec {
  label: string;
  href?: string;
  onClick?: () => void;
}

export interface ToastContent {
  text: ReactNode;
  actions: ToastActionSpec[];
}

/** What rendering a toast may use besides its entry. */
export interface ToastRenderContext {
  productName: string;
  ctx: LinkContext;
  now: number;
  openSignIn(options: SignInPromptOptions): void;
  show(toast: ToastRequest): void;
  close(): void;
  reload(): void;
}

export const UNDONE_NEGATIVE_SIGNAL_TEXT = 'Undone. This story has been added back.';

export function toastContent(entry: ToastEntry, r: ToastRenderContext): ToastContent {
  const p = entry.extraParams;
  const name = p.name ?? '';
  const help = buildLink('ShowHelp', {}, r.ctx);
  /** Undo: the feature's callback, then the toast goes (and whatever `after` does). */
  const undo = (after?: () => void): ToastActionSpec[] =>
    p.onUndo
      ? [
          {
            label: 'Undo',
            onClick: () => {
              void Promise.resolve(p.onUndo!()).then(after ?? (() => undefined));
              r.close();
            },
          },
        ]
      : [];
  const callback = (label: string, fn: (() => unknown) | undefined): ToastActionSpec[] => (fn ? [{ label, onClick: () => void fn() }] : []);
  const link = (label: string, href: string | undefined): ToastActionSpec[] => (href ? [{ label, href }] : []);

  switch (entry.style) {
    case 'EU_PRIVACY_BANNER':
      return {
        text: (
          <>
            To make {r.productName} work, we log user data. By using {r.productName}, you agree to our{' '}
            <a href={buildLink('ShowTermsOfService', {}, r.ctx) + '#privacy'}>Privacy Policy</a>, including cookie policy.
          </>
        ),
        actions: [],
      };
    case 'EXPORT_EMAIL_SUBSCRIBERS':
      return { text: "Your list is being prepared. We'll email you a link to download it as a zip file when it's ready.", actions: [] };
    case 'VERIFY_EMAIL':
      return { text: 'Verify your email to get full access to your account.', actions: callback('Resend email', p.onResendEmail) };
    case 'SENT_VERIFICATION_EMAIL':
      return {
        text: `A verification email has been sent to ${p.email ?? 'your email address'}.`,
        actions: link('Change email', settingsUrl(r.ctx, 'email')),
      };
    case 'LIMITED_STATE_BANNER':
      return { text: `Your content is under review as a potential violation of the ${r.productName} Rules.`, actions: link('Learn more', help) };
    case 'RETRYABLE_ERROR':
      return { text: 'An error occured.', actions: link('Contact support', help) };
    case 'NEWSLETTER_UNSUBSCRIBE':
      return {
        text: "You've been unsubscribed. It may take up to 24 hours to take effect.",
        actions: link('Email settings', buildLink('ShowSettingsTab', { setting: 'notifications' }, r.ctx)),
      };
    case 'NEWSLETTER_SUBSCRIBE':
      return {
        text: p.entityType === 'COLLECTION' ? `You've signed up for ${name}` : `You're subscribed to ${name}`,
        actions: [...callback('Unsubscribe', p.onUnsubscribe), ...link('Email settings', buildLink('ShowSettingsTab', { setting: 'notifications' }, r.ctx))],
      };
    case 'USER_SUSPENDED':
      return {
        text: `This account is suspended: it is under investigation or was found in violation of the ${r.productName} Rules.`,
        actions: link('Learn more', help),
      };
    case 'POST_SUSPENDED':
      return {
        text: `This story is under investigation or was found in violation of the ${r.productName} Rules.`,
        actions: p.postId ? link('Edit story', postEditUrl(p.postId, r.ctx)) : [],
      };
    case 'HIDE_POST_RESPONSE':
      return { text: 'This response has been hidden from the story.', actions: undo() };
    case 'HIDE_CATALOG_RESPONSE':
      return { text: 'This response has been hidden from the list.', actions: undo() };
    case 'POST_PINNED_TO_COLLECTION_HOMEPAGE':
      return {
        text: p.isPinned === false ? `Story unpinned from the ${p.collectionName ?? 'publication'} homepage.` : `Story pinned to the ${p.collectionName ?? 'publication'} homepage.`,
        actions: [],
      };
    case 'SUBSCRIBE_SUCCESS':
      return { text: `You're now following ${name}`, actions: [] };
    case 'SUBSCRIBED_ALREADY':
      return { text: `You're already following ${name}`, actions: [] };
    case 'SUBSCRIBE_FAIL':
      return { text: 'Something went wrong. Click Follow on the page below to try again.', actions: [] };
    case 'SUBSCRIBE_SELF':
      return { text: 'You cannot follow yourself', actions: [] };
    case 'MUTE_ENTITY':
      return { text: `You muted ${name}. You will no longer see their stories on your homepage or in your digests.`, actions: undo() };
    case 'UNFOLLOW_ENTITY':
      return { text: `You unfollowed ${name}.`, actions: undo() };
    case 'PUBLISH_RESPONSE':
      return { text: 'Your response was also published as a story.', actions: link('View story', p.href) };
    case 'ACCOUNT_LOCKOUT':
      return { text: lockoutMessage(p, r.now), actions: [] };
    case 'TAX_STATUS': {
      const tax = p.taxDocuments;
      const kind = tax ? taxStatusKind(tax, r.now) : null;
      return {
        text: (tax && taxStatusMessage(tax, r.now)) || entry.message,
        actions:
          kind === 'invalid'
            ? link('Resubmit', mePageUrl('partnerTaxes', r.ctx))
            : kind === 'mustBeApprovedBy' || kind === 'earningsStopped'
              ? link('Submit tax documents', mePageUrl('partnerTaxes', r.ctx))
              : [],
      };
    }
    case 'USER_NEGATIVE_SIGNAL':
      return {
        text: "Got it. We'll show you fewer stories like this.",
        actions: undo(() => r.show({ message: UNDONE_NEGATIVE_SIGNAL_TEXT })),
      };
    case 'SIGN_IN_CONFIRMATION':
      // A brand-new account is welcomed, not welcomed back (issue 29 point 8).
      return {
        text: p.newAccount
          ? `Welcome to ${r.productName}. You are signed in as ${p.email ?? ''}`
          : p.isMember
          ? `Welcome back. You are signed into your member account ${p.email ?? ''}`
          : `Welcome back. You are signed in as ${p.email ?? ''}`,
        actions: [
          {
            label: 'Not you?',
            onClick: () => {
              r.close();
              r.openSignIn({ operation: 'login', step: 'SIGNIN_OPTIONS', susiEntry: 'sign_in_confirmation' });
            },
          },
        ],
      };
    case 'SUBSCRIPTION_PROMOTION':
      return {
        text: p.enabled === false ? 'Subscription promotions are disabled.' : 'Subscription promotions are enabled.',
        actions: link('Take a look', p.href),
      };
    case 'MOVE_POST_TO_TRASH':
      return { text: 'Story moved to trash. It will be permanently deleted after 14 days.', actions: undo() };
    case 'UNCLAIM_SUBDOMAIN_ERROR':
      return { text: 'Something went wrong deactivating your subdomain. Please try again.', actions: [] };
    case 'UNDELETE_POST':
      return { text: `Story moved to ${p.tab ?? 'your stories'}.`, actions: undo(() => r.reload()) };
    case 'ALTERNATE_USER':
      return p.isLoggedIn === false
        ? {
            text: 'You are signed out. Sign in to the member account your digest email was sent to.',
            actions: [{ label: 'Sign in', onClick: () => (r.close(), r.openSignIn({ operation: 'login', susiEntry: 'alternate_user' })) }],
          }
        : {
            text: 'You are signed in with a different account than the member account your digest email was sent to.',
            actions: [{ label: 'Switch account', onClick: () => (r.close(), r.openSignIn({ operation: 'login', step: 'SIGNIN_OPTIONS', susiEntry: 'alternate_user' })) }],
          };
    case 'ERROR':
      return { text: entry.message || 'Something went wrong. Please try again.', actions: [] };
    case 'FOLLOW_CATALOG':
      return { text: 'List saved to Your Library.', actions: link('View library', buildLink('ShowYourFollowedLists', {}, r.ctx)) };
    case 'RETRY_STRIPE_CONNECTION':
      return {
        text: 'There was an error recording your payout information.',
        actions: p.onRetry ? callback('Try again', p.onRetry) : link('Try again', buildLink('ShowPartnerProgramStripeReconnect', {}, r.ctx)),
      };
    case 'ACCENT':
    case 'MESSAGE':
    default:
      // Unknown styles show plain text (docs/product/2-sign-in-notices-cache-routing.md §4.4).
      return { text: entry.message, actions: [] };
  }
}
