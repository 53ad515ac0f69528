// The named demo accounts: fixed usernames and emails that the README, manual testing
// and integration tests rely on. Everything else about them (ids, dates) comes from the seed.

export type DemoKey =
  | 'reader' | 'member' | 'friend' | 'cancelled' | 'failed' | 'lapsed' | 'gifted'
  | 'writer' | 'editor' | 'author' | 'staff' | 'partner' | 'sub';

export interface DemoAccount {
  key: DemoKey;
  username: string;
  email: string;
  name: string;
  /** What the account is for, in a few words (README table). */
  role: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'reader', username: 'reader', email: 'reader@vellum.test', name: 'Noor Haddad',
    role: 'Reader without membership; follows writers, publications and tags; has lists, reading history and unread notifications' },
  { key: 'member', username: 'member', email: 'member@vellum.test', name: 'Mateo Alvarez',
    role: 'Active Member (MONTHLY, Stripe, USD 5.00)' },
  { key: 'friend', username: 'friend', email: 'friend@vellum.test', name: 'Priya Raman',
    role: 'Active Friend (PREMIUM_YEARLY, Stripe, USD 150.00), friend since an upgrade' },
  { key: 'cancelled', username: 'cancelled', email: 'cancelled@vellum.test', name: 'Tom Becker',
    role: 'Cancelled Member (YEARLY), still a member until the period ends in the future' },
  { key: 'failed', username: 'failed', email: 'failed@vellum.test', name: 'Lena Fischer',
    role: 'Member whose last payment failed (MONTHLY, Braintree)' },
  { key: 'lapsed', username: 'lapsed', email: 'lapsed@vellum.test', name: 'Owen Price',
    role: 'Former Member: cancelled membership whose period ended (sees Reactivate)' },
  { key: 'gifted', username: 'gifted', email: 'gift@vellum.test', name: 'Sofia Rossi',
    role: 'Member through a gift (MEDIUM_GIFT, YEARLY)' },
  { key: 'writer', username: 'ada', email: 'writer@vellum.test', name: 'Ada Lindqvist',
    role: 'Prolific writer on the live custom domain ada.test; Member, partner program; member-only, draft, unlisted and trashed stories' },
  { key: 'editor', username: 'editor', email: 'editor@vellum.test', name: 'Marcus Webb',
    role: 'Owns 2 publications and edits 2 more (administers 4); Friend (PREMIUM_MONTHLY)' },
  { key: 'author', username: 'author', email: 'author@vellum.test', name: "Helen O'Connor",
    role: 'Verified book author (is_book_author); Member through Apple' },
  { key: 'staff', username: 'staff', email: 'staff@vellum.test', name: 'Sam Ortiz',
    role: 'Staff (is_staff) with flag can_view_suspended_content' },
  { key: 'partner', username: 'partner', email: 'partner@vellum.test', name: 'Jonah Kim',
    role: 'Partner program ACTIVE writer with a member-only story; Member paying in CAD' },
  { key: 'sub', username: 'grace', email: 'sub@vellum.test', name: 'Grace Okafor',
    role: 'Writer on the username subdomain grace.{MAIN_HOST} (has_subdomain)' },
];

/** The user custom domain (LIVE) of the main demo writer, and the publication domain (LIVE). */
export const DEMO_USER_DOMAIN = 'ada.test';
export const DEMO_PUBLICATION_DOMAIN = 'the-long-read.test';

export function demoAccount(key: DemoKey): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`no demo account ${key}`);
  return account;
}
