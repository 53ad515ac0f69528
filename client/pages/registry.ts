// Page name → screen. Each page module is its own chunk of the browser bundle (code
// splitting, docs/adr/0042-code-splitting.md): the browser downloads the app shell and
// the chunk of the page it shows, and the chunk of the next page when it navigates there.
// Pages that later issues build are absent: their routes resolve (x-route-name /
// x-page-name) but render the not-found page until they land.
//
// `chunk` names the module's chunk in the asset manifest (scripts/build-client.mjs names a
// page chunk after its module file): the server writes a modulepreload for it.
//
// The registry knows pages only by lazy import, and only the composing modules import it
// (client/entry.tsx, client/entry.server.tsx): the browser entry hands `choosePage` to the
// navigation (client/app/page-preparation.ts), so nothing a page imports reaches it.
//
// The browser's start-up does not load the registry (docs/adr/0221-the-page-module-named-by-the-document.md):
// the document names the page's chunk and export (`exportName`), the entry imports just that, and
// the registry loads once the page is idle or at the first navigation.
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import type { AppLocation, CurrentPage, PageChoice, PageModule } from '../app/current-page.ts';
import type { PageDefinition } from '../app/page-definition.ts';

/** A page module: the export `exportName` of the chunk `chunk` (its module file's name). */
function page<K extends string, M extends Record<K, PageDefinition>>(chunk: string, exportName: K, load: () => Promise<M>): PageModule {
  return { chunk, exportName, load: () => load().then((module) => module[exportName]) };
}

export const PAGES: Partial<Record<string, PageModule>> = {
  // Story stats (issue 13; docs/stats.md).
  'stats-homepage': page('StatsPages', 'statsHomePage', () => import('./StatsPages.tsx')),
  'stats-post': page('StatsPages', 'statsPostPage', () => import('./StatsPages.tsx')),
  'publication-stats': page('StatsPages', 'publicationStatsPage', () => import('./StatsPages.tsx')),
  'publication-digest-stats': page('StatsPages', 'publicationDigestStatsPage', () => import('./StatsPages.tsx')),
  'subscription-stats': page('StatsPages', 'audiencePage', () => import('./StatsPages.tsx')),
  // Writers' newsletters (issue 12 item 8; docs/newsletters.md).
  'writer-subscription-promotion': page('NewsletterPages', 'writerSubscribePage', () => import('./NewsletterPages.tsx')),
  'import-mailing-list': page('SubscribersPage', 'subscribersPage', () => import('./SubscribersPage.tsx')),
  'newsletter-export': page('SubscribersPage', 'newsletterExportPage', () => import('./SubscribersPage.tsx')),
  'email-settings': page('NewsletterPages', 'emailSettingsPage', () => import('./NewsletterPages.tsx')),
  'global-unsubscribe-newsletters': page('NewsletterPages', 'unsubscribeAllNewslettersPage', () => import('./NewsletterPages.tsx')),
  // Publication newsletters (issue 12; docs/newsletters.md "Publication newsletters").
  'publication-newsletter-promotion': page('PublicationNewsletterPages', 'publicationNewsletterPage', () => import('./PublicationNewsletterPages.tsx')),
  'publication-newsletter-settings': page('PublicationNewsletterPages', 'publicationNewsletterSettingsPage', () => import('./PublicationNewsletterPages.tsx')),
  // Search pages (issue 10): /search, its tabs, a publication's search.
  search: page('SearchPage', 'searchPage', () => import('./SearchPage.tsx')),
  home: page('HomePage', 'homePage', () => import('./HomePage.tsx')),
  'home-lo': page('HomeLoPage', 'homeLoPage', () => import('./HomeLoPage.tsx')),
  post: page('PostPage', 'postPage', () => import('./PostPage.tsx')),
  'post-responses': page('PostPage', 'postResponsesPage', () => import('./PostPage.tsx')),
  'user-profile': page('UserProfilePage', 'userProfilePage', () => import('./UserProfilePage.tsx')),
  'sign-in': page('SignInPage', 'signInPage', () => import('./SignInPage.tsx')),
  'registration-form': page('RegistrationFormPage', 'registrationFormPage', () => import('./RegistrationFormPage.tsx')),
  // Library, reading history, notifications and the trash (issue 6 items 8, 9, 10, 12).
  'your-catalogs': page('YourCatalogsPage', 'yourCatalogsPage', () => import('./YourCatalogsPage.tsx')),
  'your-catalog': page('YourCatalogPage', 'yourCatalogPage', () => import('./YourCatalogPage.tsx')),
  'your-followed-catalogs': page('YourFollowedCatalogsPage', 'yourFollowedCatalogsPage', () => import('./YourFollowedCatalogsPage.tsx')),
  'your-reading-history': page('YourReadingHistoryPage', 'yourReadingHistoryPage', () => import('./YourReadingHistoryPage.tsx')),
  'customize-reading-history': page('CustomizeReadingHistoryPage', 'customizeReadingHistoryPage', () => import('./CustomizeReadingHistoryPage.tsx')),
  notifications: page('NotificationsPage', 'notificationsPage', () => import('./NotificationsPage.tsx')),
  'your-stories': page('YourStoriesPage', 'yourStoriesPage', () => import('./YourStoriesPage.tsx')),
  'customize-following': page('CustomizeFollowingPage', 'customizeFollowingPage', () => import('./CustomizeFollowingPage.tsx')),
  'customize-muted': page('CustomizeMutedPage', 'customizeMutedPage', () => import('./CustomizeMutedPage.tsx')),
  'customize-suggestions': page('CustomizeSuggestionsPage', 'customizeSuggestionsPage', () => import('./CustomizeSuggestionsPage.tsx')),
  // Profiles, publications and topics (issue 6 items 6 and 7).
  'user-about': page('UserAboutPage', 'userAboutPage', () => import('./UserAboutPage.tsx')),
  'user-followers': page('UserFollowPages', 'userFollowersPage', () => import('./UserFollowPages.tsx')),
  'user-following': page('UserFollowPages', 'userFollowingPage', () => import('./UserFollowPages.tsx')),
  'user-catalogs': page('UserCatalogsPages', 'userCatalogsPage', () => import('./UserCatalogsPages.tsx')),
  'user-catalog': page('UserCatalogsPages', 'userCatalogPage', () => import('./UserCatalogsPages.tsx')),
  'user-awards': page('UserProfilePage', 'userAwardsPage', () => import('./UserProfilePage.tsx')),
  'user-books': page('UserBooksPage', 'userBooksPage', () => import('./UserBooksPage.tsx')),
  'publication-profile': page('PublicationPages', 'publicationProfilePage', () => import('./PublicationPages.tsx')),
  'publication-about': page('PublicationPages', 'publicationAboutPage', () => import('./PublicationPages.tsx')),
  'publication-followers': page('PublicationPages', 'publicationFollowersPage', () => import('./PublicationPages.tsx')),
  'publication-tagged': page('PublicationPages', 'publicationTaggedPage', () => import('./PublicationPages.tsx')),
  'publication-feature-section': page('PublicationPages', 'publicationTaggedPage', () => import('./PublicationPages.tsx')),
  topic: page('TagPages', 'topicPage', () => import('./TagPages.tsx')),
  'topic-recommended': page('TagPages', 'topicRecommendedPage', () => import('./TagPages.tsx')),
  'topic-who-to-follow': page('TagPages', 'topicWhoToFollowPage', () => import('./TagPages.tsx')),
  'explore-topics': page('ExploreTopicsPage', 'exploreTopicsPage', () => import('./ExploreTopicsPage.tsx')),
  'legacy-topic-redirect': page('TopicRedirectPage', 'legacyTopicRedirectPage', () => import('./TopicRedirectPage.tsx')),
  // Writing and publishing (issue 12): the editor. Its body editor (Tiptap) is a further chunk
  // the page loads after hydration (client/editor/StoryEditor.tsx).
  'new-story': page('EditorPage', 'newStoryPage', () => import('./EditorPage.tsx')),
  'edit-story': page('EditorPage', 'editStoryPage', () => import('./EditorPage.tsx')),
  'mobile-web-editor-redirect': page('EditorPage', 'mobileEditorPage', () => import('./EditorPage.tsx')),
  'new-series': page('SeriesPages', 'newSeriesPage', () => import('./SeriesPages.tsx')),
  'edit-series': page('SeriesPages', 'editSeriesPage', () => import('./SeriesPages.tsx')),
  'new-sequence': page('SeriesPages', 'newSeriesPage', () => import('./SeriesPages.tsx')),
  'edit-sequence': page('SeriesPages', 'editSeriesPage', () => import('./SeriesPages.tsx')),
  series: page('SeriesPages', 'seriesPage', () => import('./SeriesPages.tsx')),
  'series-stats': page('SeriesPages', 'seriesStatsPage', () => import('./SeriesPages.tsx')),
  'your-series': page('SeriesPages', 'yourSeriesPage', () => import('./SeriesPages.tsx')),
  'new-publication': page('PublicationManagePages', 'newPublicationPage', () => import('./PublicationManagePages.tsx')),
  'publication-settings': page('PublicationSettingsPages', 'publicationSettingsPage', () => import('./PublicationSettingsPages.tsx')),
  'publication-edit': page('PublicationSettingsPages', 'publicationEditPage', () => import('./PublicationSettingsPages.tsx')),
  'publication-design-editor': page('PublicationSettingsPages', 'publicationDesignPage', () => import('./PublicationSettingsPages.tsx')),
  'user-design-editor': page('UserDesignPage', 'userDesignPage', () => import('./UserDesignPage.tsx')),
  'publication-feature-editor': page('PublicationSettingsPages', 'publicationFeatureEditorPage', () => import('./PublicationSettingsPages.tsx')),
  'publication-latest': page('PublicationReaderPages', 'publicationLatestPage', () => import('./PublicationReaderPages.tsx')),
  'publication-trending': page('PublicationReaderPages', 'publicationTrendingPage', () => import('./PublicationReaderPages.tsx')),
  'publication-feature': page('PublicationReaderPages', 'publicationFeaturePage', () => import('./PublicationReaderPages.tsx')),
  'publication-archive': page('PublicationReaderPages', 'publicationArchivePage', () => import('./PublicationReaderPages.tsx')),
  // A publication's custom domain (issue 14; docs/adr/0087-a-publications-custom-domain.md).
  'publication-custom-domain-settings': page('PublicationCustomDomainPage', 'publicationCustomDomainPage', () => import('./PublicationCustomDomainPage.tsx')),
  'publication-stories': page('PublicationSubmissionsPage', 'publicationSubmissionsPage', () => import('./PublicationSubmissionsPage.tsx')),
  'post-settings': page('PostSettingsPage', 'postSettingsPage', () => import('./PostSettingsPage.tsx')),
  'post-info': page('StoryInfoPage', 'storyInfoPage', () => import('./StoryInfoPage.tsx')),
  // Account addresses without passwords or pages of their own elsewhere (docs/sign-in.md "Account addresses").
  'crupdate-password': page('AccountNoticePages', 'passwordPage', () => import('./AccountNoticePages.tsx')),
  'unrecognized-account': page('AccountNoticePages', 'unrecognizedAccountPage', () => import('./AccountNoticePages.tsx')),
  // The writer's desk (issue 26 point 5; docs/adr/0166-mission-control.md).
  'mission-control': page('MissionControlPage', 'missionControlPage', () => import('./MissionControlPage.tsx')),
  'send-verify': page('AccountNoticePages', 'sendVerifyPage', () => import('./AccountNoticePages.tsx')),
  'post-upvotes': page('StoryClapsPage', 'storyClapsPage', () => import('./StoryClapsPage.tsx')),
  'post-deltas': page('StoryHistoryPage', 'storyHistoryPage', () => import('./StoryHistoryPage.tsx')),
  'import-story': page('ImportStoryPage', 'importStoryPage', () => import('./ImportStoryPage.tsx')),
  // Discovery (issue 15 item 3, docs/reader.md "Discovery: ranking rules").
  'trending-posts': page('DiscoveryPages', 'trendingPostsPage', () => import('./DiscoveryPages.tsx')),
  'top-stories': page('DiscoveryPages', 'topStoriesPage', () => import('./DiscoveryPages.tsx')),
  'tag-archive': page('DiscoveryPages', 'tagArchivePage', () => import('./DiscoveryPages.tsx')),
  'topic-top-writers': page('DiscoveryPages', 'topicTopWritersPage', () => import('./DiscoveryPages.tsx')),
  'collections-library': page('DiscoveryPages', 'collectionsLibraryPage', () => import('./DiscoveryPages.tsx')),
  'oh-noes': page('OhNoesPage', 'ohNoesPage', () => import('./OhNoesPage.tsx')),
  // The site's own pages, one chunk (issue 15 item 4, docs/reader.md "The site's own pages").
  'landing-about': page('SitePages', 'landingAboutPage', () => import('./SitePages.tsx')),
  'landing-creators': page('SitePages', 'landingCreatorsPage', () => import('./SitePages.tsx')),
  'landing-partner-program': page('SitePages', 'landingPartnerProgramPage', () => import('./SitePages.tsx')),
  'landing-b2b': page('SitePages', 'landingB2bPage', () => import('./SitePages.tsx')),
  'landing-jobs': page('SitePages', 'landingJobsPage', () => import('./SitePages.tsx')),
  help: page('SitePages', 'helpPage', () => import('./SitePages.tsx')),
  'terms-of-service': page('SitePages', 'termsOfServicePage', () => import('./SitePages.tsx')),
  suspended: page('SitePages', 'suspendedPage', () => import('./SitePages.tsx')),
  'not-available': page('SitePages', 'notAvailablePage', () => import('./SitePages.tsx')),
  goodbye: page('SitePages', 'goodbyePage', () => import('./SitePages.tsx')),
  // Accounts (issue 14): settings.
  settings: page('SettingsPage', 'settingsPage', () => import('./SettingsPage.tsx')),
  'settings-custom-domain': page('CustomDomainSettingsPage', 'customDomainSettingsPage', () => import('./CustomDomainSettingsPage.tsx')),
  'partner-program-taxes': page('PartnerTaxesPage', 'partnerTaxesPage', () => import('./PartnerTaxesPage.tsx')),
  'landing-verified-authors': page('VerifiedAuthorsPage', 'verifiedAuthorsPage', () => import('./VerifiedAuthorsPage.tsx')),
  'partner-program-dashboard': page('PartnerProgramPages', 'partnerDashboardPage', () => import('./PartnerProgramPages.tsx')),
  'partner-program-application': page('PartnerProgramPages', 'partnerApplicationPage', () => import('./PartnerProgramPages.tsx')),
  'partner-program-enroll': page('PartnerProgramPages', 'partnerEnrollPage', () => import('./PartnerProgramPages.tsx')),
  'partner-program-unenroll': page('PartnerProgramPages', 'partnerUnenrollPage', () => import('./PartnerProgramPages.tsx')),
  'payout-setup': page('PartnerProgramPages', 'payoutSetupPage', () => import('./PartnerProgramPages.tsx')),
  'partner-program-stripe-reconnect': page('PartnerProgramPages', 'payoutReconnectPage', () => import('./PartnerProgramPages.tsx')),
  'partner-program-stripe-finish': page('PartnerProgramPages', 'payoutFinishPage', () => import('./PartnerProgramPages.tsx')),
  'partner-program-stripe-reconnect-success': page('PartnerProgramPages', 'payoutFinishPage', () => import('./PartnerProgramPages.tsx')),
  'topics-onboarding': page('OnboardingTopicsPage', 'onboardingTopicsPage', () => import('./OnboardingTopicsPage.tsx')),
  'oauth-applications': page('ApplicationsPage', 'applicationsPage', () => import('./ApplicationsPage.tsx')),
  'oauth-application': page('ApplicationsPage', 'applicationPage', () => import('./ApplicationsPage.tsx')),
  // Membership, payments and gifts (issue 11).
  plans: page('PlansPages', 'plansPage', () => import('./PlansPages.tsx')),
  'onboarding-plans': page('PlansPages', 'onboardingPlansPage', () => import('./PlansPages.tsx')),
  'plans-confirmation': page('PlansPages', 'plansConfirmationPage', () => import('./PlansPages.tsx')),
  'discount-plans': page('PlansPages', 'discountPlansPage', () => import('./PlansPages.tsx')),
  'user-driven-membership-promotion': page('PlansPages', 'writerMembershipPage', () => import('./PlansPages.tsx')),
  'landing-membership': page('PlansPages', 'membershipLandingPage', () => import('./PlansPages.tsx')),
  // Mastodon for members (issue 26 point 3; docs/adr/0180-mastodon-for-members.md).
  'mastodon-for-members': page('MastodonPage', 'mastodonForMembersPage', () => import('./MastodonPage.tsx')),
  'welcome-member': page('PlansPages', 'welcomeMemberPage', () => import('./PlansPages.tsx')),
  'manage-membership': page('ManageMembershipPages', 'manageMembershipPage', () => import('./ManageMembershipPages.tsx')),
  'manage-membership-confirmation': page('ManageMembershipPages', 'manageMembershipConfirmationPage', () => import('./ManageMembershipPages.tsx')),
  'update-payment': page('ManageMembershipPages', 'updatePaymentPage', () => import('./ManageMembershipPages.tsx')),
  'cancel-membership': page('ManageMembershipPages', 'cancelMembershipPage', () => import('./ManageMembershipPages.tsx')),
  'billing-receipt': page('ManageMembershipPages', 'billingReceiptPage', () => import('./ManageMembershipPages.tsx')),
  'landing-gift': page('GiftPages', 'giftLandingPage', () => import('./GiftPages.tsx')),
  'gift-membership': page('GiftPages', 'giftMembershipPage', () => import('./GiftPages.tsx')),
  'group-gift-membership': page('GiftPages', 'groupGiftMembershipPage', () => import('./GiftPages.tsx')),
  'redeem-gift-membership': page('GiftPages', 'redeemGiftPage', () => import('./GiftPages.tsx')),
};

/**
 * The 404 page (docs/product/1-product-screens-membership-header-search.md §2.2), shown for unknown
 * addresses and for pages not built yet.
 */
export const NOT_FOUND_PAGE: PageModule = page('NotFoundPage', 'notFoundPage', () => import('./NotFoundPage.tsx'));

/** Whether this bundle has a page of that name (the navigation asks, through client/entry.tsx). */
export function hasPage(pageName: string): boolean {
  return PAGES[pageName] !== undefined;
}

/** The page module a resolution leads to: its page's, or the not-found page. */
export function choosePage(resolved: PageResolution | null): PageChoice {
  const module = resolved && !resolved.redirects && resolved.pageName ? PAGES[resolved.pageName] : undefined;
  return module ? { resolved, module, isNotFound: false } : { resolved, module: NOT_FOUND_PAGE, isNotFound: true };
}

/** The page of a resolution (the server's, at start-up) with its page module loaded. */
export async function loadCurrentPage(resolved: PageResolution | null, location: AppLocation): Promise<CurrentPage> {
  const choice = choosePage(resolved);
  return { ...choice, location, definition: await choice.module.load() };
}
