// The toast and banner styles of docs/product/2-sign-in-notices-cache-routing.md §4.4 (plus the
// default MESSAGE of docs/product/3-routes-data-calls-constants.md §3).

export const TOAST_STYLES = [
  'MESSAGE',
  'EU_PRIVACY_BANNER',
  'EXPORT_EMAIL_SUBSCRIBERS',
  'VERIFY_EMAIL',
  'SENT_VERIFICATION_EMAIL',
  'LIMITED_STATE_BANNER',
  'RETRYABLE_ERROR',
  'NEWSLETTER_UNSUBSCRIBE',
  'NEWSLETTER_SUBSCRIBE',
  'USER_SUSPENDED',
  'POST_SUSPENDED',
  'HIDE_POST_RESPONSE',
  'HIDE_CATALOG_RESPONSE',
  'POST_PINNED_TO_COLLECTION_HOMEPAGE',
  'SUBSCRIBE_SUCCESS',
  'SUBSCRIBE_FAIL',
  'SUBSCRIBE_SELF',
  'SUBSCRIBED_ALREADY',
  'MUTE_ENTITY',
  'ACCENT',
  'PUBLISH_RESPONSE',
  'ACCOUNT_LOCKOUT',
  'TAX_STATUS',
  'UNFOLLOW_ENTITY',
  'USER_NEGATIVE_SIGNAL',
  'SIGN_IN_CONFIRMATION',
  'SUBSCRIPTION_PROMOTION',
  'MOVE_POST_TO_TRASH',
  'UNCLAIM_SUBDOMAIN_ERROR',
  'UNDELETE_POST',
  'ALTERNATE_USER',
  'ERROR',
  'FOLLOW_CATALOG',
  'RETRY_STRIPE_CONNECTION',
] as const;

export type ToastStyle = (typeof TOAST_STYLES)[number];

/** Drawn with the error theme. */
export const ERROR_TOAST_STYLES: ReadonlySet<string> = new Set(['ERROR', 'USER_SUSPENDED', 'POST_SUSPENDED', 'TAX_STATUS', 'RETRY_STRIPE_CONNECTION']);

/** Shown without the journey wrapper: the privacy banner, the suspended banners and ERROR. */
export const NO_JOURNEY_TOAST_STYLES: ReadonlySet<string> = new Set(['EU_PRIVACY_BANNER', 'USER_SUSPENDED', 'POST_SUSPENDED', 'ERROR']);

/** Drawn as a full-width banner rather than a toast card. */
export const BANNER_TOAST_STYLES: ReadonlySet<string> = new Set(['EU_PRIVACY_BANNER']);
