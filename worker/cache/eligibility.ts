// Which pages the edge cache may hold, decided by the matched route (never by how a path
// looks: /me/settings/x.css is the settings route, not a stylesheet, and is never cached).
//
// Eligible (by route name, on every host kind whose table has the route):
//   home        ShowHome (the logged-out home, page home-lo)                        tag home
//   post        the story page at every address: ShowPost /p/{postId},
//               ShowPostUnderUser /@{username}/{postId} (/{postId} on a user host),
//               ShowPostUnderCollection /{collectionSlug}/{postId} (/{postId} on a
//               publication host), ShowSequencePost /s/{sequenceSlug}/{postId}      tag post:{id}
//               (+ user:{creatorId}, collection:{collectionId}: the byline shows both)
//   topic       tag pages: ShowTagPosts, ShowTagLatest, ShowTagRecommended,
//               ShowTagArchive (+ yearly, monthly, daily)                           tag topic:{tagSlug}
//   user        profile pages: ShowUser, ShowUserLatest, ShowUserAbout,
//               ShowUserById (/u/{userId})                                           tag user:{id}
//   collection  publication pages: ShowCollectionHome, ShowCollectionMasthead,
//               ShowCollectionLatest, ShowCollectionById (/c/{collectionId}), the
//               reader's views (trending, featured, archive + yearly, monthly,
//               daily, all, all/{page}) and its feature pages (/{slug}/home)         tag collection:{id}
//               (every story change and every management change purges it:
//               worker/stories/story-changed.ts, worker/publications/publication-design.ts)
//   discovery   ShowTrending, ShowTrendingMode, ShowTrendingModeTopic, ShowTopStories,
//               ShowTopStoriesForDate (stories from the whole site: every story
//               change purges them, worker/stories/story-changed.ts)                tag discovery
//   site        the site's own pages: /about, /creators, /creator-tools, /earn,
//               /partner-program, /business, /jobs, /help, /m/tos, /suspended,
//               /not-available, /goodbye (text only; a deployment changes the key)  tag site
//
//   lists       ShowSequenceLibrary /collections (everyone's public lists): tag lists (any
//               list's change), discovery (a story's change may empty a list) and user:{id}
//               of each list's creator shown (a rename, suspension or deletion)     tag lists
//
// Not eligible: everything else — the viewer's own pages (/me/*), editors, settings,
// stats, search, sign-in, plans and checkout, admin, redirects and the not-found page.
// A story's highlights and notes addresses (/p/{id}/quotes/…, /notes/…) are left out too:
// they exist for a signed-in reader and would only multiply copies of one story.
// Only a 200 page is ever stored.
//
// Eligibility depends on the resolved route alone (no viewer, no data), which is what lets
// the pipeline look a page up before it reads the session (worker/pipeline/page-pipeline.ts).
import type { ResolvedPage } from '../../shared/routing/resolve-page.ts';

/** What eligibility reads of a resolved route. */
export type RouteForCache = Pick<ResolvedPage, 'routeName' | 'pageName' | 'params' | 'redirects'>;

export type CachePageKind = 'home' | 'post' | 'topic' | 'user' | 'collection' | 'discovery' | 'site' | 'lists';

export const ELIGIBLE_ROUTES: Readonly<Record<string, CachePageKind>> = {
  ShowHome: 'home',
  ShowPost: 'post',
  ShowPostUnderUser: 'post',
  ShowPostUnderCollection: 'post',
  ShowSequencePost: 'post',
  ShowTagPosts: 'topic',
  ShowTagLatest: 'topic',
  ShowTagRecommended: 'topic',
  ShowTagArchive: 'topic',
  ShowTagArchiveYearly: 'topic',
  ShowTagArchiveMonthly: 'topic',
  ShowTagArchiveDaily: 'topic',
  ShowUser: 'user',
  ShowUserLatest: 'user',
  ShowUserAbout: 'user',
  ShowUserById: 'user',
  ShowCollectionHome: 'collection',
  ShowCollectionMasthead: 'collection',
  ShowCollectionLatest: 'collection',
  ShowCollectionById: 'collection',
  ShowCollectionTrending: 'collection',
  ShowCollectionFeatured: 'collection',
  ShowCollectionArchive: 'collection',
  ShowCollectionArchiveYearly: 'collection',
  ShowCollectionArchiveMonthly: 'collection',
  ShowCollectionArchiveDaily: 'collection',
  ShowCollectionAll: 'collection',
  ShowCollectionAllPage: 'collection',
  ShowCollectionFeaturePage: 'collection',
  ShowTrending: 'discovery',
  ShowTrendingMode: 'discovery',
  ShowTrendingModeTopic: 'discovery',
  ShowTopStories: 'discovery',
  ShowTopStoriesForDate: 'discovery',
  ShowLandingAbout: 'site',
  ShowLandingCreators: 'site',
  ShowLandingCreatorTools: 'site',
  ShowLandingEarn: 'site',
  ShowLandingPartnerProgram: 'site',
  ShowLandingB2b: 'site',
  ShowJobs: 'site',
  ShowHelp: 'site',
  ShowTermsOfService: 'site',
  ShowSuspended: 'site',
  ShowNotAvailable: 'site',
  ShowGoodbye: 'site',
  ShowSequenceLibrary: 'lists',
};

/** What the cache needs to know about an eligible page: its kind and the params that name its subject. */
export interface EligiblePage {
  kind: CachePageKind;
  routeName: string;
  params: Readonly<Record<string, string>>;
}

/** The eligible page a resolved route shows, or null (no route, a redirect, or a route not listed). */
export function eligiblePage(resolved: RouteForCache | null): EligiblePage | null {
  if (!resolved || resolved.redirects || !resolved.pageName) return null;
  const kind = ELIGIBLE_ROUTES[resolved.routeName];
  return kind ? { kind, routeName: resolved.routeName, params: resolved.params } : null;
}
