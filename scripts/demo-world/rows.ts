// Row shapes of the demo world, one per table of migrations/0001_core.sql (sessions
// excepted: a seeded world has nobody signed in). Keys are the column names; booleans
// are 0/1 and times are epoch milliseconds, exactly as stored.

import type {
  DevpayConnectedAccountRow, MemberReadingTimeRow, PartnerEarningRow, PartnerEarningsMonthRow, PartnerEnrollmentRow, PartnerPayoutRow, PayoutAccountRow, TaxDocumentRow,
} from './partner-program.ts';
import type {
  NewsletterSendRow, NewsletterSubscriptionRow, NewsletterUnsubscribeRow, PublicationNewsletterRow, PublicationNewsletterSubscriptionRow,
} from './newsletters.ts';
import type { SeriesFollowRow, SeriesPartRow, SeriesRow } from './series.ts';

export type SqlValue = string | number | null;
export type Row = Record<string, SqlValue>;

export type UserRow = {
  id: string;
  username: string;
  name: string;
  email: string | null;
  bio: string;
  image_id: string | null;
  custom_domain: string | null;
  custom_domain_state: 'NONE' | 'PENDING' | 'LIVE';
  has_subdomain: number;
  is_suspended: number;
  is_staff: number;
  is_book_author: number;
  partner_program_status: 'ACTIVE' | 'INACTIVE' | 'PENDING_ACTION' | 'SUSPENDED' | null;
  flags: string;
  follower_count: number;
  following_count: number;
  created_at: number;
  deleted_at: number | null;
};

export type CollectionRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  avatar_id: string | null;
  favicon_id: string | null;
  domain: string | null;
  custom_domain_state: 'NONE' | 'PENDING' | 'LIVE';
  creator_id: string;
  follower_count: number;
  created_at: number;
};

export type CollectionMemberRow = {
  collection_id: string;
  user_id: string;
  role: 'OWNER' | 'EDITOR' | 'WRITER';
  created_at: number;
};

export type PostRow = {
  id: string;
  creator_id: string;
  collection_id: string | null;
  in_response_to_post_id: string | null;
  title: string;
  subtitle: string;
  slug: string;
  status: 'DRAFT' | 'PUBLISHED';
  visibility: 'PUBLIC' | 'UNLISTED' | 'LOCKED';
  /** JSON of shared/content.ts StoryContent. */
  content: string;
  preview_paragraph_count: number;
  word_count: number;
  image_count: number;
  reading_time: number;
  preview_image_id: string | null;
  clap_count: number;
  response_count: number;
  responses_locked: number;
  hidden_by_parent_author: number;
  is_suspended: number;
  created_at: number;
  updated_at: number;
  first_published_at: number | null;
  latest_published_at: number | null;
  deleted_at: number | null;
};

export type TagRow = {
  id: string;
  slug: string;
  display_title: string;
  description: string;
  post_count: number;
  follower_count: number;
};

export type PostTagRow = {
  post_id: string;
  tag_slug: string;
  position: number;
  published_at: number | null;
};

export type FollowRow = {
  follower_id: string;
  target_type: 'USER' | 'COLLECTION' | 'TAG' | 'CATALOG';
  target_id: string;
  created_at: number;
};

export type MuteRow = {
  muter_id: string;
  target_type: 'USER' | 'COLLECTION';
  target_id: string;
  created_at: number;
};

export type CatalogRow = {
  id: string;
  creator_id: string;
  name: string;
  description: string;
  type: 'LISTS' | 'PREDEFINED_LIST';
  predefined: 'READING_LIST' | 'CURRENTLY_READING' | 'PURCHASED' | null;
  visibility: 'PUBLIC' | 'PRIVATE' | 'LOCKED';
  responses_locked: number;
  item_count: number;
  response_count: number;
  created_at: number;
  updated_at: number;
};

export type CatalogItemRow = {
  id: string;
  catalog_id: string;
  post_id: string;
  note: string;
  created_at: number;
};

export type ClapRow = {
  user_id: string;
  post_id: string;
  count: number;
  updated_at: number;
};

/** Views, reads and reading seconds of a story on one UTC day (migrations/0021_story_events.sql). */
export type PostStatsDailyRow = {
  post_id: string;
  day: string;
  views: number;
  reads: number;
  reading_seconds: number;
};

export type ReadingHistoryRow = {
  user_id: string;
  post_id: string;
  read_at: number;
};

export type MembershipRow = {
  id: string;
  user_id: string;
  tier: 'MEMBER' | 'FRIEND';
  plan: 'MONTHLY' | 'YEARLY' | 'PREMIUM_MONTHLY' | 'PREMIUM_YEARLY';
  payment_provider: 'APPLE' | 'BRAINTREE' | 'GOOGLE' | 'MEDIUM_GIFT' | 'PAYPAL' | 'STRIPE';
  currency: 'USD' | 'CAD';
  /** Integer cents. */
  amount: number;
  started_at: number;
  current_period_ends_at: number;
  is_cancelled: number;
  payment_failed_at: number | null;
  friend_since: number | null;
};

/** The card on file of a STRIPE membership (brand, last four, expiry: never a number). */
export type PaymentMethodRow = {
  user_id: string;
  customer_ref: string;
  payment_method_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  updated_at: number;
  /** The payment method's kind (migrations/0063_payment_method_kinds.sql): the demo's members pay by card. */
  kind: 'CreditCard' | 'ApplePayCard' | 'GooglePayCard' | 'PaypalAccount';
};

export type SubscriptionRow = {
  membership_id: string;
  subscription_ref: string;
  switch_plan: MembershipRow['plan'] | null;
  switch_plan_at: number | null;
};

/** The local payment provider's books for the demo's STRIPE memberships (migrations/0011_membership.sql). */
export type DevpayCardRow = {
  payment_method_ref: string;
  customer_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: 'succeeds' | 'fails_on_renewal';
  /** A wallet or PayPal holding the card (migrations/0063_payment_method_kinds.sql); null for a plain card. */
  wallet: 'apple_pay' | 'google_pay' | 'paypal' | null;
};

export type DevpaySubscriptionRow = {
  id: string;
  customer_ref: string;
  payment_method_ref: string;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
  metadata: string;
  current_period_end: number;
  cancel_at_period_end: number;
  status: 'active' | 'past_due' | 'canceled';
};

export type NotificationRow = {
  id: string;
  user_id: string;
  actor_id: string | null;
  type: 'FOLLOW' | 'CLAP' | 'RESPONSE' | 'MENTION';
  post_id: string | null;
  created_at: number;
  read_at: number | null;
};

export type CollectionDesignRow = {
  collection_id: string;
  header_layout: 'AVATAR_AND_NAME' | 'NAME_ONLY' | 'LOGO';
  accent_color: string | null;
  background_color: string | null;
  logo_id: string | null;
  about: string;
  updated_at: number;
};

export type CustomStyleSheetRow = {
  owner_kind: 'user' | 'collection';
  owner_id: string;
  heading_font: 'SERIF_1' | 'SERIF_2' | 'SANS_SERIF_1' | 'SANS_SERIF_2';
  body_font: 'SERIF_1' | 'SERIF_2' | 'SANS_SERIF_1' | 'SANS_SERIF_2';
  accent_color: string | null;
  header_layout: 'STANDARD' | 'CENTERED';
  updated_at: number;
};

export type CollectionNavItemRow = {
  collection_id: string;
  position: number;
  title: string;
  kind: 'TAG' | 'FEATURE_PAGE' | 'LINK';
  target: string;
};

export type CollectionFeaturePageRow = {
  id: string;
  collection_id: string;
  slug: string;
  title: string;
  body: string;
  tag_slug: string | null;
  created_at: number;
  updated_at: number;
};

/** A sign-in provider's account linked to a user (migrations/0003_auth.sql). */
export type SocialIdentityRow = {
  provider: 'google' | 'facebook' | 'apple' | 'twitter';
  subject: string;
  user_id: string;
  email: string | null;
  created_at: number;
};

export type MastodonAccountRow = {
  user_id: string;
  username: string;
  domain: string;
  created_at: number;
};

export type World = {
  users: UserRow[];
  collections: CollectionRow[];
  collection_members: CollectionMemberRow[];
  posts: PostRow[];
  tags: TagRow[];
  post_tags: PostTagRow[];
  follows: FollowRow[];
  mutes: MuteRow[];
  catalogs: CatalogRow[];
  catalog_items: CatalogItemRow[];
  claps: ClapRow[];
  reading_history: ReadingHistoryRow[];
  post_stats_daily: PostStatsDailyRow[];
  memberships: MembershipRow[];
  notifications: NotificationRow[];
  payment_methods: PaymentMethodRow[];
  subscriptions: SubscriptionRow[];
  devpay_cards: DevpayCardRow[];
  devpay_subscriptions: DevpaySubscriptionRow[];
  collection_designs: CollectionDesignRow[];
  custom_style_sheets: CustomStyleSheetRow[];
  collection_nav_items: CollectionNavItemRow[];
  collection_feature_pages: CollectionFeaturePageRow[];
  // The Partner Program (scripts/demo-world/partner-program.ts).
  partner_enrollments: PartnerEnrollmentRow[];
  tax_documents: TaxDocumentRow[];
  devpay_connected_accounts: DevpayConnectedAccountRow[];
  payout_accounts: PayoutAccountRow[];
  partner_earnings: PartnerEarningRow[];
  partner_payouts: PartnerPayoutRow[];
  partner_earnings_months: PartnerEarningsMonthRow[];
  member_reading_time_daily: MemberReadingTimeRow[];
  // Newsletters (scripts/demo-world/newsletters.ts).
  newsletter_subscriptions: NewsletterSubscriptionRow[];
  publication_newsletters: PublicationNewsletterRow[];
  publication_newsletter_subscriptions: PublicationNewsletterSubscriptionRow[];
  newsletter_sends: NewsletterSendRow[];
  newsletter_unsubscribes: NewsletterUnsubscribeRow[];
  // Connected sign-in methods (scripts/demo-world/people.ts, docs/adr/0155-social-sign-in-local-identity-provider.md).
  social_identities: SocialIdentityRow[];
  // Mastodon for members (scripts/demo-world/people.ts, docs/adr/0180-mastodon-for-members.md).
  mastodon_accounts: MastodonAccountRow[];
  // Series (scripts/demo-world/series.ts).
  series: SeriesRow[];
  series_parts: SeriesPartRow[];
  series_follows: SeriesFollowRow[];
};

export type TableName = keyof World;

/** Insert order: every table comes after the tables its foreign keys point to. */
export const TABLES_IN_FK_ORDER: readonly TableName[] = [
  'users',
  'collections',
  'collection_members',
  'posts',
  'tags',
  'post_tags',
  'follows',
  'mutes',
  'catalogs',
  'catalog_items',
  'claps',
  'reading_history',
  'post_stats_daily',
  'memberships',
  'notifications',
  'payment_methods',
  'subscriptions',
  'devpay_cards',
  'devpay_subscriptions',
  'collection_designs',
  'custom_style_sheets',
  'collection_nav_items',
  'collection_feature_pages',
  'partner_enrollments',
  'tax_documents',
  'devpay_connected_accounts',
  'payout_accounts',
  'partner_earnings',
  'partner_payouts',
  'partner_earnings_months',
  'member_reading_time_daily',
  'newsletter_subscriptions',
  'publication_newsletters',
  'publication_newsletter_subscriptions',
  'newsletter_sends',
  'newsletter_unsubscribes',
  'social_identities',
  'mastodon_accounts',
  'series',
  'series_parts',
  'series_follows',
];

/** Column order per table, as in the migration (the SQL writer lists columns explicitly). */
export const TABLE_COLUMNS: { readonly [T in TableName]: readonly (keyof World[T][number] & string)[] } = {
  users: [
    'id', 'username', 'name', 'email', 'bio', 'image_id', 'custom_domain', 'custom_domain_state', 'has_subdomain',
    'is_suspended', 'is_staff', 'is_book_author', 'partner_program_status', 'flags', 'follower_count',
    'following_count', 'created_at', 'deleted_at',
  ],
  collections: [
    'id', 'slug', 'name', 'description', 'avatar_id', 'favicon_id', 'domain', 'custom_domain_state', 'creator_id',
    'follower_count', 'created_at',
  ],
  collection_members: ['collection_id', 'user_id', 'role', 'created_at'],
  posts: [
    'id', 'creator_id', 'collection_id', 'in_response_to_post_id', 'title', 'subtitle', 'slug', 'status', 'visibility',
    'content', 'preview_paragraph_count', 'word_count', 'image_count', 'reading_time', 'preview_image_id',
    'clap_count', 'response_count', 'responses_locked', 'hidden_by_parent_author', 'is_suspended', 'created_at',
    'updated_at', 'first_published_at', 'latest_published_at', 'deleted_at',
  ],
  tags: ['id', 'slug', 'display_title', 'description', 'post_count', 'follower_count'],
  post_tags: ['post_id', 'tag_slug', 'position', 'published_at'],
  follows: ['follower_id', 'target_type', 'target_id', 'created_at'],
  mutes: ['muter_id', 'target_type', 'target_id', 'created_at'],
  catalogs: [
    'id', 'creator_id', 'name', 'description', 'type', 'predefined', 'visibility', 'responses_locked', 'item_count',
    'response_count', 'created_at', 'updated_at',
  ],
  catalog_items: ['id', 'catalog_id', 'post_id', 'note', 'created_at'],
  claps: ['user_id', 'post_id', 'count', 'updated_at'],
  reading_history: ['user_id', 'post_id', 'read_at'],
  post_stats_daily: ['post_id', 'day', 'views', 'reads', 'reading_seconds'],
  memberships: [
    'id', 'user_id', 'tier', 'plan', 'payment_provider', 'currency', 'amount', 'started_at', 'current_period_ends_at',
    'is_cancelled', 'payment_failed_at', 'friend_since',
  ],
  notifications: ['id', 'user_id', 'actor_id', 'type', 'post_id', 'created_at', 'read_at'],
  payment_methods: ['user_id', 'customer_ref', 'payment_method_ref', 'brand', 'last4', 'exp_month', 'exp_year', 'updated_at', 'kind'],
  subscriptions: ['membership_id', 'subscription_ref', 'switch_plan', 'switch_plan_at'],
  devpay_cards: ['payment_method_ref', 'customer_ref', 'brand', 'last4', 'exp_month', 'exp_year', 'behaviour', 'wallet'],
  devpay_subscriptions: [
    'id', 'customer_ref', 'payment_method_ref', 'amount', 'currency', 'interval', 'metadata', 'current_period_end',
    'cancel_at_period_end', 'status',
  ],
  collection_designs: ['collection_id', 'header_layout', 'accent_color', 'background_color', 'logo_id', 'about', 'updated_at'],
  custom_style_sheets: ['owner_kind', 'owner_id', 'heading_font', 'body_font', 'accent_color', 'header_layout', 'updated_at'],
  collection_nav_items: ['collection_id', 'position', 'title', 'kind', 'target'],
  collection_feature_pages: ['id', 'collection_id', 'slug', 'title', 'body', 'tag_slug', 'created_at', 'updated_at'],
  partner_enrollments: ['user_id', 'enrolled_at', 'earnings_limited_at', 'earnings_forfeited_at'],
  tax_documents: [
    'id', 'user_id', 'form_type', 'legal_name', 'country', 'address', 'tax_id_last4', 'signature', 'status', 'invalid_reason',
    'submitted_at', 'reviewed_at', 'reviewed_by',
  ],
  devpay_connected_accounts: ['id', 'email', 'country', 'payouts_enabled', 'created_at'],
  payout_accounts: ['user_id', 'provider', 'account_ref', 'state', 'created_at', 'updated_at'],
  partner_earnings: ['user_id', 'post_id', 'month', 'seconds', 'amount', 'state'],
  partner_payouts: ['idempotency_key', 'user_id', 'month', 'amount', 'currency', 'state', 'transfer_ref', 'error', 'created_at', 'paid_at'],
  partner_earnings_months: ['month', 'computed_at'],
  member_reading_time_daily: ['day', 'member_id', 'post_id', 'seconds'],
  newsletter_subscriptions: ['subscriber_id', 'writer_id', 'created_at'],
  publication_newsletters: ['id', 'collection_id', 'slug', 'name', 'description', 'created_by', 'created_at'],
  publication_newsletter_subscriptions: ['newsletter_id', 'subscriber_id', 'created_at'],
  newsletter_sends: ['post_id', 'sent_at', 'recipient_count'],
  newsletter_unsubscribes: ['user_id', 'newsletter_id', 'created_at'],
  social_identities: ['provider', 'subject', 'user_id', 'email', 'created_at'],
  mastodon_accounts: ['user_id', 'username', 'domain', 'created_at'],
  series: ['id', 'creator_id', 'slug', 'title', 'description', 'published_at', 'created_at', 'updated_at'],
  series_parts: ['series_id', 'post_id', 'position', 'added_at'],
  series_follows: ['follower_id', 'series_id', 'created_at'],
};
