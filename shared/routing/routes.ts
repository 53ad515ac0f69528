// The route tables of the three host kinds (docs/product/3-routes-data-calls-constants.md §2).
//
// DEFAULT_ROUTES is the main host's table: every path of
// docs/product/3-routes-data-calls-constants.md §2.1–§2.10, a few paths the URL builders of §2.11
// need, and the names of docs/product/1-product-screens-membership-header-search.md §2.3,
// docs/product/2-sign-in-notices-cache-routing.md §4.2, §4.4 and §4.5. Names are global: the user
// and collection tables are derived from it and keep the names, so a link is built by name on any
// host (see links.ts).
//
// Order does not matter for matching (the router ranks static > @{param} > {param} > *).
// Paths the spec lists twice with one shape are modelled once, because a duplicate pattern
// is ambiguous (the router would drop it with a warning): /{collectionSlug}/{topicSlug}/edit
// (a publication's feature page editor) has the shape of /{collectionSlug}/{postId}/edit, so
// ShowEditPostUnderCollection serves both and the editor tells them apart by the param
// (postIdFromParam is null for a feature slug).
import { hasFlag, type FlagSet } from './flags.ts';
import { CUSTOM_DOMAIN_SHARED_ROUTE_NAMES, hasPrefix, OWNER_PREFIX } from './host-paths.ts';
import type { PageName } from './pages.ts';

export type HostKind = 'default' | 'user' | 'collection';

export interface Route {
  name: string;
  path: string;
  page?: PageName;
  /** Name of the route this one redirects to (301), carrying the matched params over. */
  redirect?: string;
  /**
   * Feature flag gating the lite version (docs/adr/0165-route-flags-gate-the-lite-version.md):
   * with the flag off the route answers its standard variant where it has one
   * (STANDARD_VARIANT_FLAGS), else the 404 page.
   */
  flag?: string;
}

function page(name: string, path: string, pageName: PageName, flag?: string): Route {
  return flag ? { name, path, page: pageName, flag } : { name, path, page: pageName };
}

function redirect(name: string, path: string, target: string): Route {
  return { name, path, redirect: target };
}

/**
 * A route without a page: the worker answers it before page routing (auth redirects and
 * callbacks under /m). It is in the table so it has a name to build links with.
 */
function endpoint(name: string, path: string): Route {
  return { name, path };
}

const LITE_ARCHIVE = 'enable_lite_archive_page';
const LITE_STATS = 'enable_lite_stats_homepage';
const LITE_PARTNER_DASHBOARD = 'enable_lite_partner_program_dashboard';
/** Community-only publication pages; about, profile and tagged have a standard variant. */
const LITE_PUBLICATIONS = 'enable_lite_publications';
const LITE_PUB_STATS = 'enable_lite_pub_stats';
const MASTODON = 'enable_mastodon_for_members';

// §2.1 Home and pages.
const HOME_AND_PAGES: Route[] = [
  page('ShowHome', '/', 'home'),
  page('ShowLandingAbout', '/about', 'landing-about'),
  page('ShowSubscriptionsLanding', '/membership', 'landing-membership'),
  page('ShowLandingCreators', '/creators', 'landing-creators'),
  page('ShowLandingCreatorTools', '/creator-tools', 'landing-creators'),
  page('ShowLandingEarn', '/earn', 'landing-partner-program'),
  page('ShowGiftLanding', '/gift', 'landing-gift'),
  page('ShowLandingB2b', '/business', 'landing-b2b'),
  page('ShowLandingVerifiedAuthors', '/verified-authors', 'landing-verified-authors'),
  page('ShowLandingPartnerProgram', '/partner-program', 'landing-partner-program'),
  page('ShowJobs', '/jobs', 'landing-jobs'),
  page('ShowHelp', '/help', 'help'),
  page('ShowTermsOfService', '/m/tos', 'terms-of-service'),
  page('ShowSuspended', '/suspended', 'suspended'),
  page('ShowNotAvailable', '/not-available', 'not-available'),
  page('ShowGoodbye', '/goodbye', 'goodbye'),
  // Legacy campaign paths (invented: the spec only says they redirect). Old promotion links
  // land on the membership page; the wildcard takes any deeper legacy path.
  redirect('ShowLegacyCampaign', '/campaign/{campaignSlug}', 'ShowSubscriptionsLanding'),
  redirect('ShowLegacyCampaignDeep', '/campaign/{campaignSlug}/*', 'ShowSubscriptionsLanding'),
];

// §2.2 Writing.
const WRITING: Route[] = [
  page('ShowNewPost', '/new-story', 'new-story'),
  page('ShowNewRepost', '/new-story/repost/{repostId}', 'new-story'),
  redirect('ShowNewPostLegacy', '/p/new-post', 'ShowNewPost'),
  page('ShowEditPost', '/p/{postId}/edit', 'edit-story'),
  page('ShowRevertPost', '/p/{postId}/revert/{versionId}/{baseRev}', 'edit-story'),
  page('ShowNewPostInCollection', '/{collectionSlug}/new-story', 'new-story'),
  page('ShowEditPostUnderCollection', '/{collectionSlug}/{postId}/edit', 'edit-story'),
  page('ShowEditPostUnderUser', '/@{username}/{postId}/edit', 'edit-story'),
  page('ShowImportStory', '/p/import', 'import-story'),
  redirect('ShowImportStoryLegacy', '/p/import-story', 'ShowImportStory'),
  page('ShowNewResponse', '/p/{inResponseToPostId}/responses/new', 'new-story'),
  page('ShowMobileWebEditorRedirectNewStory', '/m-write', 'mobile-web-editor-redirect'),
  page('ShowMobileWebEditorRedirectEditStory', '/m-write/{postId}', 'mobile-web-editor-redirect'),
  page('ShowNewSeries', '/new-series', 'new-series'),
  page('ShowEditSeries', '/series/{postId}/edit', 'edit-series'),
  page('ShowNewCollection', '/new-publication', 'new-publication'),
  page('ShowNewSequence', '/s/new', 'new-sequence'),
  page('ShowEditSequence', '/s/{sequenceSlug}/edit', 'edit-sequence'),
];

// §2.3 Reading.
const READING: Route[] = [
  page('ShowPost', '/p/{postId}', 'post'),
  page('ShowPostUnderUser', '/@{username}/{postId}', 'post'),
  page('ShowPostUnderCollection', '/{collectionSlug}/{postId}', 'post'),
  page('ShowPostResponses', '/p/{postId}/responses', 'post-responses'),
  redirect('ShowPostResponsesShow', '/p/{postId}/responses/show', 'ShowPostResponses'),
  page('ShowPostInfo', '/p/{postId}/info', 'post-info'),
  page('ShowPostInfoFiltered', '/p/{postId}/info/{order}/{filter}', 'post-info'),
  page('ShowPostSettings', '/p/{postId}/settings', 'post-settings'),
  // Highlights and private notes open on the story itself.
  page('ShowPostQuotes', '/p/{postId}/quotes', 'post'),
  page('ShowPostQuote', '/p/{postId}/quotes/{quoteId}', 'post'),
  page('ShowPostNotes', '/p/{postId}/notes', 'post'),
  page('ShowPostNote', '/p/{postId}/notes/{noteId}', 'post'),
  page('ShowPostUpvotes', '/p/{postId}/upvotes', 'post-upvotes'),
  page('ShowPostDeltas', '/p/{postId}/deltas', 'post-deltas'),
  page('ShowPostReferrers', '/p/{postId}/referrers', 'stats-post'),
  page('ShowPostShare', '/p/{postId}/share/{channel}', 'share-success'),
  page('ShowSeries', '/series/{postId}', 'series'),
  page('ShowSequence', '/s/{sequenceSlug}', 'series'),
  page('ShowSequencePost', '/s/{sequenceSlug}/{postId}', 'post'),
  page('ShowCuratedCatalog', '/collections/{catalogSlug}', 'curated-catalog'),
  page('ShowSequenceLibrary', '/collections', 'collections-library'),
  page('ShowTopStories', '/top-stories', 'top-stories'),
  page('ShowTopStoriesForDate', '/top-stories/{monthDayYearSlug}', 'top-stories'),
  redirect('ShowBrowseTop', '/browse/top', 'ShowTopStories'),
  redirect('ShowBrowseTopForDate', '/browse/top/{monthDayYearSlug}', 'ShowTopStoriesForDate'),
  page('ShowTrending', '/trending', 'trending-posts'),
  page('ShowTrendingMode', '/trending/mode/{mode}', 'trending-posts'),
  page('ShowTrendingModeTopic', '/trending/mode/{mode}/topic/{topicSlug}', 'trending-posts'),
];

// §2.4 Search (query parameter q).
const SEARCH: Route[] = [
  page('ShowSearch', '/search', 'search'),
  page('ShowSearchUsers', '/search/users', 'search'),
  page('ShowSearchPublications', '/search/publications', 'search'),
  page('ShowSearchTags', '/search/tags', 'search'),
  page('ShowSearchPosts', '/search/posts', 'search'),
  page('ShowSearchLists', '/search/lists', 'search'),
  page('ShowCollectionSearch', '/{collectionSlug}/search', 'search'),
  page('ShowCollectionSearchCategory', '/{collectionSlug}/search/{category}', 'search'),
];

// §2.5 Topics and tags. /tag/{tagSlug}/top/{timePeriod} is the top-posts-for-tag route: its
// page is topic, which redirects it (302) to ShowTagPosts
// (docs/product/2-sign-in-notices-cache-routing.md §2.3; see redirects.ts).
const TOPICS: Route[] = [
  page('ShowExploreTopics', '/explore-topics', 'explore-topics'),
  page('ShowTagPosts', '/tag/{tagSlug}', 'topic'),
  page('ShowTagLatest', '/tag/{tagSlug}/latest', 'topic'),
  page('ShowTagRecommended', '/tag/{tagSlug}/recommended', 'topic-recommended'),
  page('ShowTagWhoToFollow', '/tag/{tagSlug}/who-to-follow', 'topic-who-to-follow'),
  page('ShowTopPostsForTag', '/tag/{tagSlug}/top/{timePeriod}', 'topic'),
  page('ShowTagTopWriters', '/tag/{tagSlug}/top-writers', 'topic-top-writers'),
  page('ShowTagArchive', '/tag/{tagSlug}/archive', 'tag-archive'),
  page('ShowTagArchiveYearly', '/tag/{tagSlug}/archive/{year}', 'tag-archive'),
  page('ShowTagArchiveMonthly', '/tag/{tagSlug}/archive/{year}/{month}', 'tag-archive'),
  page('ShowTagArchiveDaily', '/tag/{tagSlug}/archive/{year}/{month}/{day}', 'tag-archive'),
  // Old topic addresses: the page sends the reader on to the tag.
  page('ShowTopic', '/topic/{topicSlug}', 'legacy-topic-redirect'),
  page('ShowEditTopic', '/topic/{topicSlug}/edit', 'topic-edit'),
  page('ShowTopicAddPosts', '/topic/{topicSlug}/add-posts', 'topic-add-posts'),
  redirect('ShowTopics', '/topics', 'ShowExploreTopics'),
];

// §2.6 User: /@{username} and its subpages.
const USER: Route[] = [
  page('ShowUser', '/@{username}', 'user-profile'),
  page('ShowUserLatest', '/@{username}/latest', 'user-profile'),
  page('ShowUserHasRecommended', '/@{username}/has-recommended', 'user-profile'),
  page('ShowUserHighlights', '/@{username}/highlights', 'user-profile'),
  page('ShowUserSeries', '/@{username}/series', 'user-profile'),
  page('ShowUserResponses', '/@{username}/responses', 'user-profile'),
  page('ShowUserFollow', '/@{username}/follow', 'user-profile'),
  page('ShowUserFollowers', '/@{username}/followers', 'user-followers'),
  page('ShowUserFollowing', '/@{username}/following', 'user-following'),
  page('ShowUserAbout', '/@{username}/about', 'user-about'),
  page('ShowUserBooks', '/@{username}/books', 'user-books'),
  page('ShowUserLists', '/@{username}/lists', 'user-catalogs'),
  page('ShowUserList', '/@{username}/list/{catalogSlugId}', 'user-catalog'),
  page('ShowUserAwards', '/@{username}/awards/{kind}', 'user-awards'),
  page('ShowUserMembership', '/@{username}/membership', 'user-driven-membership-promotion'),
  page('ShowUserSubscribe', '/@{username}/subscribe', 'writer-subscription-promotion'),
  page('ShowUserAudience', '/@{username}/audience', 'subscription-stats'),
  page('ShowUserAudienceDetails', '/@{username}/audience/{details}', 'subscription-stats'),
  page('ShowUserStats', '/@{username}/stats', 'stats-homepage', LITE_STATS),
  page('ShowUserStatsResponses', '/@{username}/stats/responses', 'stats-homepage', LITE_STATS),
  page('ShowUserStatsSeries', '/@{username}/stats/series', 'series-stats', LITE_STATS),
  page('ShowUserStatsPost', '/@{username}/stats/post/{postId}', 'stats-post'),
  // Profile editing happens in settings (section profileInformation).
  redirect('ShowUserEdit', '/@{username}/edit', 'ShowSettings'),
  page('ShowUserPartnerDashboard', '/@{username}/partner/dashboard', 'partner-program-dashboard', LITE_PARTNER_DASHBOARD),
  page('ShowUserPartnerDashboardTab', '/@{username}/partner/dashboard/{tab}', 'partner-program-dashboard', LITE_PARTNER_DASHBOARD),
  // §2.11 profile share routes (channel: twitter, facebook, linkedIn).
  page('ShowUserShare', '/@{username}/share/{channel}', 'share-success'),
  page('ShowUserById', '/u/{userId}', 'user-profile'),
  page('ShowSubscribeToWriter', '/subscribe/@{username}', 'writer-subscription-promotion'),
  page('ShowUserDrivenMembershipPromotion', '/membership/@{username}', 'user-driven-membership-promotion'),
];

// §2.6 /me and its subpages (the signed-in viewer's own pages). In the spec's list a
// relative item continues the path before it: "/me/partner/enroll; /enroll/{step}" is
// /me/partner/enroll/{step}, "/me/settings/payout/setup; /stripe/finish; /dashboard" gives
// /me/settings/payout/stripe/finish and /me/settings/payout/dashboard.
const ME: Route[] = [
  page('ShowMe', '/me', 'user-profile'),
  page('ShowYourStoriesIndex', '/me/stories', 'your-stories'),
  page('ShowYourStories', '/me/stories/{filterBy}', 'your-stories'),
  page('ShowYourSeriesIndex', '/me/series', 'your-series'),
  page('ShowYourSeries', '/me/series/{filterBy}', 'your-series'),
  page('ShowYourLists', '/me/lists', 'your-catalogs'),
  page('ShowYourFollowedLists', '/me/lists/saved', 'your-followed-catalogs'),
  page('ShowYourReadingHistoryList', '/me/lists/reading-history', 'your-reading-history'),
  page('ShowYourList', '/me/list/{catalogSlugId}', 'your-catalog'),
  page('ShowFollowsIndex', '/me/following', 'customize-following'),
  page('ShowFollowsEntity', '/me/following/{entityName}', 'customize-following'),
  page('ShowFollowedTopics', '/me/following/topics', 'customize-following'),
  page('ShowFollowSuggestions', '/me/following/suggestions', 'customize-suggestions'),
  page('ShowReadingHistory', '/me/readinghistory', 'customize-reading-history'),
  page('ShowYourActivity', '/me/activity', 'notifications'),
  page('ShowYourNotifications', '/me/notifications', 'notifications'),
  page('ShowStats', '/me/stats', 'stats-homepage', LITE_STATS),
  page('ShowStatsResponses', '/me/stats/responses', 'stats-homepage', LITE_STATS),
  page('ShowStatsSeries', '/me/stats/series', 'series-stats', LITE_STATS),
  page('ShowStatsPost', '/me/stats/post/{postId}', 'stats-post'),
  page('ShowSettings', '/me/settings', 'settings'),
  page('ShowSettingsTab', '/me/settings/{setting}', 'settings'),
  page('ShowSettingsCustomDomain', '/me/settings/custom-domain', 'settings-custom-domain'),
  page('ShowSettingsMute', '/me/settings/mute', 'customize-muted'),
  page('ShowSettingsMuteTab', '/me/settings/mute/{activeTab}', 'customize-muted'),
  page('ShowUpdatePayment', '/me/settings/payment/update', 'update-payment'),
  page('ShowPayoutSetup', '/me/settings/payout/setup', 'payout-setup'),
  page('ShowPayoutStripeFinish', '/me/settings/payout/stripe/finish', 'partner-program-stripe-finish'),
  page('ShowPayoutDashboard', '/me/settings/payout/dashboard', 'partner-program-dashboard', LITE_PARTNER_DASHBOARD),
  page('ShowCancelMembership', '/me/membership/cancel', 'cancel-membership'),
  page('ShowBillingReceipt', '/me/billing-history/receipt/{chargeId}', 'billing-receipt'),
  page('ShowPartnerProgramEnroll', '/me/partner/enroll', 'partner-program-enroll'),
  page('ShowPartnerProgramEnrollStep', '/me/partner/enroll/{step}', 'partner-program-enroll'),
  page('ShowPartnerProgramUnenroll', '/me/partner/unenroll', 'partner-program-unenroll'),
  // /me/partner/dashboard itself is not listed but ShowPartnerDashboard
  // (docs/product/1-product-screens-membership-header-search.md §2.3) needs it.
  page('ShowPartnerDashboard', '/me/partner/dashboard', 'partner-program-dashboard', LITE_PARTNER_DASHBOARD),
  page('ShowPartnerDashboardTab', '/me/partner/dashboard/{tab}', 'partner-program-dashboard', LITE_PARTNER_DASHBOARD),
  page('ShowPartnerTaxes', '/me/partner/taxes', 'partner-program-taxes'),
  page('ShowEmailSettings', '/me/email-settings/{userId}/{hash}', 'email-settings'),
  page('ShowUnsubscribeAllNewsletters', '/me/unsubscribe-all-newsletters', 'global-unsubscribe-newsletters'),
  page('ShowUnsubscribeAllAuthorNewsletters', '/me/unsubscribe-all-author-newsletters', 'global-unsubscribe-newsletters'),
  page('ShowImportSubscribers', '/me/subscribers/import', 'import-mailing-list'),
  page('ShowApplications', '/me/applications', 'oauth-applications'),
  page('ShowNewApplication', '/me/applications/new', 'oauth-application'),
  page('ShowApplication', '/me/applications/{oauthApplicationId}', 'oauth-application'),
  page('ShowUserDesignEditor', '/me/design', 'user-design-editor'),
  page('ShowUserStyles', '/me/styles', 'user-design-editor'),
  page('ShowExport', '/me/export/{exportId}', 'account-export'),
  page('ShowSendVerify', '/me/send-verify', 'send-verify'),
  page('ShowMissionControl', '/me/missioncontrol', 'mission-control'),
  page('ShowYourAbout', '/me/about', 'user-about'),
];

// §2.7 Publication: /{collectionSlug} and its subpages.
const PUBLICATION: Route[] = [
  page('ShowCollectionHome', '/{collectionSlug}', 'publication-profile'),
  // The masthead (docs/product/1-product-screens-membership-header-search.md §2.3) is the
  // publication's about page: its editors and writers.
  page('ShowCollectionMasthead', '/{collectionSlug}/about', 'publication-about'),
  page('ShowCollectionEdit', '/{collectionSlug}/edit', 'publication-edit'),
  page('ShowCollectionSettings', '/{collectionSlug}/settings', 'publication-settings'),
  page('ShowCollectionSettingsAbout', '/{collectionSlug}/settings/about', 'publication-settings'),
  page('ShowCollectionSettingsCustomDomain', '/{collectionSlug}/settings/custom-domain', 'publication-custom-domain-settings'),
  page('ShowCollectionSettingsNavigation', '/{collectionSlug}/settings/navigation', 'publication-settings'),
  page('ShowCollectionSettingsFollowers', '/{collectionSlug}/settings/followers', 'publication-settings'),
  page('ShowCollectionSettingsFeaturePages', '/{collectionSlug}/settings/feature-pages', 'publication-settings'),
  page('ShowCollectionNewFeaturePage', '/{collectionSlug}/new', 'publication-feature-editor'),
  page('ShowCollectionLatest', '/{collectionSlug}/latest', 'publication-latest', LITE_PUBLICATIONS),
  page('ShowCollectionTrending', '/{collectionSlug}/trending', 'publication-trending', LITE_PUBLICATIONS),
  page('ShowCollectionTagged', '/{collectionSlug}/tagged/{tagSlug}', 'publication-tagged'),
  page('ShowCollectionFeatureTagged', '/{collectionSlug}/{featureSlug}/tagged/{tagSlug}', 'publication-tagged'),
  page('ShowCollectionFeatured', '/{collectionSlug}/featured', 'publication-feature', LITE_PUBLICATIONS),
  page('ShowCollectionArchive', '/{collectionSlug}/archive', 'publication-archive', LITE_ARCHIVE),
  page('ShowCollectionArchiveYearly', '/{collectionSlug}/archive/{year}', 'publication-archive', LITE_ARCHIVE),
  page('ShowCollectionArchiveMonthly', '/{collectionSlug}/archive/{year}/{month}', 'publication-archive', LITE_ARCHIVE),
  page('ShowCollectionArchiveDaily', '/{collectionSlug}/archive/{year}/{month}/{day}', 'publication-archive', LITE_ARCHIVE),
  page('ShowCollectionAll', '/{collectionSlug}/all', 'publication-archive', LITE_ARCHIVE),
  page('ShowCollectionAllPage', '/{collectionSlug}/all/{page}', 'publication-archive', LITE_ARCHIVE),
  page('ShowLiteCollectionFollowers', '/{collectionSlug}/followers', 'publication-followers'),
  page('ShowCollectionFeaturePage', '/{collectionSlug}/{topicSlug}/home', 'publication-feature', LITE_PUBLICATIONS),
  page('ShowCollectionHomeSection', '/{collectionSlug}/home/{sectionId}', 'publication-feature-section', LITE_PUBLICATIONS),
  page('ShowCollectionFeatureSection', '/{collectionSlug}/{featureSlug}/home/{sectionId}', 'publication-feature-section', LITE_PUBLICATIONS),
  page('ShowCollectionStats', '/{collectionSlug}/stats', 'publication-stats', LITE_PUB_STATS),
  page('ShowCollectionStatsOverview', '/{collectionSlug}/stats/overview', 'publication-stats', LITE_PUB_STATS),
  page('ShowCollectionStatsStories', '/{collectionSlug}/stats/stories', 'publication-stats', LITE_PUB_STATS),
  page('ShowCollectionDigestStats', '/{collectionSlug}/stats/publication-digests', 'publication-digest-stats', LITE_PUB_STATS),
  page('ShowCollectionStories', '/{collectionSlug}/stories', 'publication-stories'),
  page('ShowCollectionStoriesFiltered', '/{collectionSlug}/stories/{filterBy}', 'publication-stories'),
  page('ShowCollectionSubmissions', '/{collectionSlug}/submissions', 'publication-stories'),
  page('ShowCollectionNewNewsletter', '/{collectionSlug}/new-newsletter', 'publication-newsletter-settings'),
  page('ShowCollectionNewsletterPromotionPage', '/{collectionSlug}/newsletters/{newsletterSlug}', 'publication-newsletter-promotion'),
  page('ShowCollectionNewsletterSettings', '/{collectionSlug}/newsletters/{newsletterSlug}/settings', 'publication-newsletter-settings'),
  page('ShowCollectionDesign', '/{collectionSlug}/design', 'publication-design-editor'),
  page('ShowCollectionStyles', '/{collectionSlug}/styles', 'publication-design-editor'),
  page('ShowCollectionPermissions', '/{collectionSlug}/permissions', 'publication-settings'),
  page('ShowCollectionUserFollowers', '/{collectionSlug}/@{username}/followers', 'user-followers'),
  page('ShowCollectionUserFollowing', '/{collectionSlug}/@{username}/following', 'user-following'),
  page('ShowCollectionById', '/c/{collectionId}', 'publication-profile'),
  page('ShowNewsletterNewEmail', '/newsletters/{newsletterV3Id}/new-email', 'new-story'),
  page('ShowNewsletterStats', '/newsletters/{newsletterV3Id}/stats', 'subscription-stats'),
  page('ShowExportNewsletterSubscribers', '/export/newsletters/{newsletterV3Id}', 'newsletter-export'),
];

// §2.8 Onboarding and plans.
const ONBOARDING: Route[] = [
  redirect('ShowGetStarted', '/get-started', 'ShowOnboardingTopics'),
  page('ShowOnboardingTopics', '/get-started/topics', 'topics-onboarding'),
  page('ShowOnboardingPlans', '/get-started/plans', 'onboarding-plans'),
  page('ShowPay', '/plans', 'plans'),
  page('ShowPlansConfirmation', '/plans/confirmation/{membershipType}', 'plans-confirmation'),
  page('ShowDiscount', '/discount', 'discount-plans'),
  page('ShowUpgrade', '/upgrade', 'plans'),
  page('ShowPayment', '/payment', 'plans'),
  page('ShowLiteGiftCheckout', '/gift-checkout', 'gift-membership'),
  page('ShowGiftPlans', '/gift-plans', 'gift-membership'),
  page('ShowGroupGift', '/group-gift', 'group-gift-membership'),
  page('ShowRedeem', '/redeem', 'redeem-gift-membership'),
  page('ShowRedeemGift', '/redeem-gift', 'redeem-gift-membership'),
  page('ShowWelcomeMember', '/welcome-member', 'welcome-member'),
  page('ShowManageMembershipPage', '/manage-membership', 'manage-membership'),
  page('ShowManageMembershipConfirmation', '/manage-membership/confirmation/{membershipType}', 'manage-membership-confirmation'),
  redirect('ShowWelcome', '/welcome', 'ShowOnboardingTopics'),
  page('ShowRegistrationForm', '/registration-form', 'registration-form'),
  page('ShowUnrecognizedAccount', '/unrecognized-account', 'unrecognized-account'),
  page('ShowPassword', '/password', 'crupdate-password'),
  page('ShowMastodonForMembersPage', '/mastodon', 'mastodon-for-members', MASTODON),
  page('ShowPartnerProgramApplication', '/partner-program-application', 'partner-program-application'),
  page('ShowPartnerProgramStripeFinish', '/partner-program/stripe/finish', 'partner-program-stripe-finish'),
  page('ShowPartnerProgramStripeReconnect', '/partner-program/stripe/reconnect', 'partner-program-stripe-reconnect'),
  page(
    'ShowPartnerProgramStripeReconnectSuccess',
    '/partner-program/stripe/reconnect/success',
    'partner-program-stripe-reconnect-success',
  ),
];

// §2.9 Auth (plus /m/account/authenticate-twitter from §2.11's entry points).
const AUTH: Route[] = [
  page('ShowSignIn', '/m/signin', 'sign-in'),
  endpoint('ShowConnectGoogle', '/m/connect/google'),
  endpoint('ShowConnectFacebook', '/m/connect/facebook'),
  endpoint('ShowStartAuthApple', '/m/start-auth/apple'),
  endpoint('ShowAuthenticateTwitter', '/m/account/authenticate-twitter'),
  endpoint('ShowAuthToken', '/m/token'),
  endpoint('ShowAuthCallbackAuthenticate', '/m/callback/authenticate'),
  endpoint('ShowAuthCallbackTwitter', '/m/callback/twitter'),
  endpoint('ShowAuthCallbackFacebook', '/m/callback/v2/facebook'),
  endpoint('ShowAuthCallbackGoogle', '/m/callback/google'),
  endpoint('ShowAuthCallbackApple', '/m/callback/apple'),
  endpoint('ShowAuthCallbackEmail', '/m/callback/email'),
  endpoint('ShowAuthCallbackNamecheap', '/m/callback/namecheap'),
  page('ShowMastodonCallback', '/m/callback/mastodon', 'mastodon-callback'),
  endpoint('ShowAccountConfirm', '/m/account/confirm/{key}'),
  endpoint('ShowAccountConvert', '/m/account/convert/{token}'),
  endpoint('ShowSignOut', '/m/signout/{xsrf}'),
  endpoint('ShowLoginRedirect', '/m/login-redirect'),
  page('ShowOAuthAuthorize', '/m/oauth/authorize', 'oauth-authorize'),
];

// §2.10 Admin.
const ADMIN: Route[] = [
  page('ShowInternalStatus', '/_/admin/internal-status', 'internal-status'),
  page('ShowAdminUser', '/_/admin/users/{id}', 'admin-user'),
  page('ShowOhNoes', '/_/oh-noes', 'oh-noes'),
];

export const DEFAULT_ROUTES: readonly Route[] = [
  ...HOME_AND_PAGES,
  ...WRITING,
  ...READING,
  ...SEARCH,
  ...TOPICS,
  ...USER,
  ...ME,
  ...PUBLICATION,
  ...ONBOARDING,
  ...AUTH,
  ...ADMIN,
];

const ROUTES_BY_NAME: ReadonlyMap<string, Route> = new Map(DEFAULT_ROUTES.map((r) => [r.name, r]));

/** A route of the main host's table by name. */
export function getRoute(name: string): Route | undefined {
  return ROUTES_BY_NAME.get(name);
}

// Which routes a user's or publication's host serves: shared/routing/host-paths.ts (links apply it
// to one route without this table).
export { CUSTOM_DOMAIN_SHARED_ROUTE_NAMES };
const USERNAME_PREFIX = OWNER_PREFIX.user;
const COLLECTION_PREFIX = OWNER_PREFIX.collection;

/** The main-host routes a user's or publication's host serves for its owner. */
const USER_OWNED = DEFAULT_ROUTES.filter((r) => hasPrefix(r.path, USERNAME_PREFIX));
const COLLECTION_OWNED = DEFAULT_ROUTES.filter((r) => hasPrefix(r.path, COLLECTION_PREFIX));

/** The owner's routes with the prefix dropped (/@{username}/about → /about), then the shared ones. */
function deriveHostTable(owned: readonly Route[], prefix: string): Route[] {
  const stripped = owned.map((r) => ({ ...r, path: r.path.slice(prefix.length) || '/' }));
  const shared = CUSTOM_DOMAIN_SHARED_ROUTE_NAMES.map((name) => ROUTES_BY_NAME.get(name)).filter((r) => r !== undefined);
  return [...stripped, ...shared];
}

/** A user's custom domain or username subdomain. */
export const USER_HOST_ROUTES: readonly Route[] = deriveHostTable(USER_OWNED, USERNAME_PREFIX);
/** A publication's custom domain. */
export const COLLECTION_HOST_ROUTES: readonly Route[] = deriveHostTable(COLLECTION_OWNED, COLLECTION_PREFIX);

export const ROUTES_BY_HOST: Readonly<Record<HostKind, readonly Route[]>> = {
  default: DEFAULT_ROUTES,
  user: USER_HOST_ROUTES,
  collection: COLLECTION_HOST_ROUTES,
};

/**
 * Names of the routes whose username (user host) or collectionSlug (collection host) the
 * host name supplies: on such a host they belong to the host's owner only.
 */
export const USER_HOST_PARAM_ROUTES: ReadonlySet<string> = new Set(USER_OWNED.map((r) => r.name));
export const COLLECTION_HOST_PARAM_ROUTES: ReadonlySet<string> = new Set(COLLECTION_OWNED.map((r) => r.name));

const HOST_ROUTES_BY_NAME: Readonly<Record<HostKind, ReadonlyMap<string, Route>>> = {
  default: ROUTES_BY_NAME,
  user: new Map(USER_HOST_ROUTES.map((r) => [r.name, r])),
  collection: new Map(COLLECTION_HOST_ROUTES.map((r) => [r.name, r])),
};

/** A route of a host kind's table by name. */
export function getHostRoute(hostKind: HostKind, name: string): Route | undefined {
  return HOST_ROUTES_BY_NAME[hostKind].get(name);
}

/** Whether a route's lite version is served under the flags that are on (a gated route needs its flag). */
export function isRouteEnabled(route: Route, flags: FlagSet): boolean {
  return !route.flag || hasFlag(flags, route.flag);
}

/**
 * Flags whose routes have a standard variant to answer with when the flag is off: the
 * community publication pages render in their standard variant then
 * (docs/product/2-sign-in-notices-cache-routing.md §2.3, shared/routing/pages.ts layoutForPage).
 * A route gated by any other flag has only its lite version, so with the flag off it is the
 * 404 page (docs/adr/0165-route-flags-gate-the-lite-version.md).
 */
export const STANDARD_VARIANT_FLAGS: ReadonlySet<string> = new Set([LITE_PUBLICATIONS]);

/** Whether the route answers at all under these flags: its lite version, or a standard variant. */
export function isRouteServed(route: Route, flags: FlagSet): boolean {
  return isRouteEnabled(route, flags) || STANDARD_VARIANT_FLAGS.has(route.flag!);
}
