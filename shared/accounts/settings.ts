// Settings (docs/product/1-product-screens-membership-header-search.md §2.4): the tabs, their
// labels and section anchors, and the notification and email preferences a reader can switch.
// Shared by the settings page and the worker that stores the choices.

export const SETTINGS_TABS = [
  { value: 'account', label: 'Account' },
  { value: 'publishing', label: 'Publishing' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'membership', label: 'Membership and payment' },
  { value: 'security', label: 'Security and apps' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

/** The section anchors of §2.4, each in the tab that shows it. */
export const SETTINGS_ANCHORS: Readonly<Record<string, SettingsTab>> = {
  profileInformation: 'account',
  username: 'account',
  email: 'account',
  deleteAccount: 'account',
  managePublications: 'publishing',
  customDomain: 'publishing',
  customizeMembershipPromotion: 'publishing',
  timeZone: 'publishing',
  notifications: 'notifications',
  membership: 'membership',
  manageSubscriptions: 'membership',
  updateBilling: 'membership',
  redeemGiftMembership: 'membership',
  sessions: 'security',
  applications: 'security',
};

/** The tab of /me/settings/{setting}; unknown values show the Account tab. */
export function settingsTabOf(setting: string | undefined): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab.value === setting)?.value ?? 'account';
}

export interface PreferenceDefinition {
  key: string;
  label: string;
  /** What a reader who never touched it gets. */
  enabled: boolean;
}

/** Notification and email preferences, in the order the Notifications tab lists them. */
export const PREFERENCES: readonly PreferenceDefinition[] = [
  { key: 'email_digest', label: 'Daily digest: stories picked for you', enabled: true },
  { key: 'email_new_follower', label: 'Email me when someone follows me', enabled: true },
  { key: 'email_responses', label: 'Email me about responses to my stories', enabled: true },
  { key: 'email_mentions', label: 'Email me when someone mentions me', enabled: true },
  { key: 'email_product_news', label: 'News and product updates', enabled: false },
  { key: 'notify_claps', label: 'Notify me about claps on my stories', enabled: true },
  { key: 'notify_highlights', label: 'Notify me when someone highlights my stories', enabled: true },
];

/**
 * The writer's switch in Settings → Publishing → "Customize membership promotion": whether their
 * member-only stories invite non-members to support them (client/components/story/Paywall.tsx).
 * Kept in user_preferences beside the notification preferences, on unless turned off.
 */
export const MEMBERSHIP_PROMOTION_PREFERENCE = 'membership_promotion';

export const BIO_MAX_LENGTH = 160;
/** Typed in full to confirm deleting an account. */
export const DELETE_ACCOUNT_CONFIRMATION_HINT = 'Type your username to confirm.';
