// Page-view data for the deep-link service (docs/product/1-product-screens-membership-header-search.md
// §7): when a reader follows Open in app, the link carries what the app needs to continue where
// they were — in-app browser, logged in, member, and on a story its creation date, topic,
// publication, creator, the reader's follow states and meter state — plus where the visit came
// from (source). It is added to the link when it is followed, in the browser only: the
// server's markup (a cached copy is shared by every visitor) keeps the bare link, and bots never
// get the data (docs/product/1-product-screens-membership-header-search.md §6: no tracking).

/** What a story page tells the header about itself (set by the page, cleared when it goes). */
export interface StoryPageViewFacts {
  createdAt: number | null;
  topic: string | null;
  publication: string | null;
  creator: string;
  followsCreator: boolean;
  followsPublication: boolean;
  /** The reader sees only the preview (the paywall). */
  isPaywalled: boolean;
  /** A member-only story. */
  isLocked: boolean;
}

let storyFacts: StoryPageViewFacts | null = null;

export function setStoryPageViewFacts(facts: StoryPageViewFacts | null): void {
  storyFacts = facts;
}

export type DeepLinkSource =
  | 'Twitter'
  | 'Facebook'
  | 'LinkedIn'
  | 'Reddit'
  | 'Mastodon'
  | 'Pub Digest'
  | 'Marketing Email'
  | 'Daily Digest'
  | 'Weekly Digest'
  | 'Search'
  | 'Other';

const SOURCE_PARAMETER: Record<string, DeepLinkSource> = {
  pub_digest: 'Pub Digest',
  marketing_email: 'Marketing Email',
  daily_digest: 'Daily Digest',
  weekly_digest: 'Weekly Digest',
  twitter: 'Twitter',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
  search: 'Search',
};

const REFERRER_HOST: [RegExp, DeepLinkSource][] = [
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'Twitter'],
  [/(^|\.)(facebook\.com|fb\.com|instagram\.com)$/, 'Facebook'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)reddit\.com$/, 'Reddit'],
  [/(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|ecosia\.org)$/, 'Search'],
];

/** Where the visit came from: the address's ?source= (our own links and mails), else the referrer's host. */
export function deepLinkSource(search: string, referrer: string): DeepLinkSource {
  const named = new URLSearchParams(search).get('source')?.toLowerCase().replace(/-/g, '_');
  if (named && SOURCE_PARAMETER[named]) return SOURCE_PARAMETER[named];
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    for (const [pattern, source] of REFERRER_HOST) if (pattern.test(host)) return source;
  } catch {
    // No referrer (or not an address).
  }
  return 'Other';
}

/** The browsers social apps open links in. */
export function isInAppBrowser(userAgent: string): boolean {
  return /FBAN|FBAV|FB_IAB|Instagram|Twitter|LinkedInApp|Line\/|Snapchat|Pinterest|MicroMessenger|GSA\//.test(userAgent);
}

export interface PageViewInput {
  userAgent: string;
  isLoggedIn: boolean;
  isMember: boolean;
  search: string;
  referrer: string;
  story: StoryPageViewFacts | null;
}

/** The page-view data as the link's query parameters. */
export function pageViewData({ userAgent, isLoggedIn, isMember, search, referrer, story }: PageViewInput): Record<string, string> {
  const data: Record<string, string> = {
    in_app_browser: String(isInAppBrowser(userAgent)),
    logged_in: String(isLoggedIn),
    member: String(isMember),
    source: deepLinkSource(search, referrer),
  };
  if (story) {
    if (story.createdAt !== null) data.creation_date = new Date(story.createdAt).toISOString();
    if (story.topic) data.post_topic = story.topic;
    if (story.publication) data.publication = story.publication;
    data.creator = story.creator;
    data.follows_creator = String(story.followsCreator);
    if (story.publication) data.follows_publication = String(story.followsPublication);
    data.meter_state = story.isPaywalled ? 'paywalled' : story.isLocked && isMember ? 'member' : 'not_metered';
  }
  return data;
}

export function currentStoryPageViewFacts(): StoryPageViewFacts | null {
  return storyFacts;
}

/** The Open-in-app link with the page-view data added. */
export function withPageViewData(link: string, data: Record<string, string>): string {
  const url = new URL(link);
  for (const [name, value] of Object.entries(data)) url.searchParams.set(name, value);
  return url.href;
}
