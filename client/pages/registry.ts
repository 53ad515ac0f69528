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
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import type { AppLocation, CurrentPage, PageChoice, PageModule } from '../app/current-page.ts';

export const PAGES: Partial<Record<string, PageModule>> = {
  // Story stats (issue 13; docs/stats.md).
  'stats-homepage': { chunk: 'StatsPages', load: () => import('./StatsPages.tsx').then((m) => m.statsHomePage) },
  'stats-post': { chunk: 'StatsPages', load: () => import('./StatsPages.tsx').then((m) => m.statsPostPage) },
  'publication-stats': { chunk: 'StatsPages', load: () => import('./StatsPages.tsx').then((m) => m.publicationStatsPage) },
  'publication-digest-stats': { chunk: 'StatsPages', load: () => import('./StatsPages.tsx').then((m) => m.publicationDigestStatsPage) },
  'subscription-stats': { chunk: 'StatsPages', load: () => import('./StatsPages.tsx').then((m) => m.audiencePage) },
  // Writers' newsletters (issue 12 item 8; docs/newsletters.md).
  'writer-subscription-promotion': { chunk: 'NewsletterPages', load: () => import('./NewsletterPages.tsx').then((m) => m.writerSubscribePage) },
  'import-mailing-list': { chunk: 'SubscribersPage', load: () => import('./SubscribersPage.tsx').then((m) => m.subscribersPage) },
  'newsletter-export': { chunk: 'SubscribersPage', load: () => import('./SubscribersPage.tsx').then((m) => m.newsletterExportPage) },
  'email-settings': { chunk: 'NewsletterPages', load: () => import('./NewsletterPages.tsx').then((m) => m.emailSettingsPage) },
  'global-unsubscribe-newsletters': { chunk: 'NewsletterPages', load: () => import('./NewsletterPages.tsx').then((m) => m.unsubscribeAllNewslettersPage) },
  // Publication newsletters (issue 12; docs/newsletters.md "Publication newsletters").
  'publication-newsletter-promotion': { chunk: 'PublicationNewsletterPages', load: () => import('./PublicationNewsletterPages.tsx').then((m) => m.publicationNewsletterPage) },
  'publication-newsletter-settings': { chunk: 'PublicationNewsletterPages', load: () => import('./PublicationNewsletterPages.tsx').then((m) => m.publicationNewsletterSettingsPage) },
  // Search pages (issue 10): /search, its tabs, a publication's search.
  search: { chunk: 'SearchPage', load: () => import('./SearchPage.tsx').then((m) => m.searchPage) },
  home: { chunk: 'HomePage', load: () => import('./HomePage.tsx').then((m) => m.homePage) },
  'home-lo': { chunk: 'HomeLoPage', load: () => import('./HomeLoPage.tsx').then((m) => m.homeLoPage) },
  post: { chunk: 'PostPage', load: () => import('./PostPage.tsx').then((m) => m.postPage) },
  'post-responses': { chunk: 'PostPage', load: () => import('./PostPage.tsx').then((m) => m.postResponsesPage) },
  'user-profile': { chunk: 'UserProfilePage', load: () => import('./UserProfilePage.tsx').then((m) => m.userProfilePage) },
  'sign-in': { chunk: 'SignInPage', load: () => import('./SignInPage.tsx').then((m) => m.signInPage) },
  'registration-form': { chunk: 'RegistrationFormPage', load: () => import('./RegistrationFormPage.tsx').then((m) => m.registrationFormPage) },
  // Library, reading history, notifications and the trash (issue 6 items 8, 9, 10, 12).
  'your-catalogs': { chunk: 'YourCatalogsPage', load: () => import('./YourCatalogsPage.tsx').then((m) => m.yourCatalogsPage) },
  'your-catalog': { chunk: 'YourCatalogPage', load: () => import('./YourCatalogPage.tsx').then((m) => m.yourCatalogPage) },
  'your-followed-catalogs': {
    chunk: 'YourFollowedCatalogsPage',
    load: () => import('./YourFollowedCatalogsPage.tsx').then((m) => m.yourFollowedCatalogsPage),
  },
  'your-reading-history': {
    chunk: 'YourReadingHistoryPage',
    load: () => import('./YourReadingHistoryPage.tsx').then((m) => m.yourReadingHistoryPage),
  },
  'customize-reading-history': {
    chunk: 'CustomizeReadingHistoryPage',
    load: () => import('./CustomizeReadingHistoryPage.tsx').then((m) => m.customizeReadingHistoryPage),
  },
  notifications: { chunk: 'NotificationsPage', load: () => import('./NotificationsPage.tsx').then((m) => m.notificationsPage) },
  'your-stories': { chunk: 'YourStoriesPage', load: () => import('./YourStoriesPage.tsx').then((m) => m.yourStoriesPage) },
  'customize-following': {
    chunk: 'CustomizeFollowingPage',
    load: () => import('./CustomizeFollowingPage.tsx').then((m) => m.customizeFollowingPage),
  },
  'customize-muted': { chunk: 'CustomizeMutedPage', load: () => import('./CustomizeMutedPage.tsx').then((m) => m.customizeMutedPage) },
  'customize-suggestions': {
    chunk: 'CustomizeSuggestionsPage',
    load: () => import('./CustomizeSuggestionsPage.tsx').then((m) => m.customizeSuggestionsPage),
  },
  // Profiles, publications and topics (issue 6 items 6 and 7).
  'user-about': { chunk: 'UserAboutPage', load: () => import('./UserAboutPage.tsx').then((m) => m.userAboutPage) },
  'user-followers': { chunk: 'UserFollowPages', load: () => import('./UserFollowPages.tsx').then((m) => m.userFollowersPage) },
  'user-following': { chunk: 'UserFollowPages', load: () => import('./UserFollowPages.tsx').then((m) => m.userFollowingPage) },
  'user-catalogs': { chunk: 'UserCatalogsPages', load: () => import('./UserCatalogsPages.tsx').then((m) => m.userCatalogsPage) },
  'user-catalog': { chunk: 'UserCatalogsPages', load: () => import('./UserCatalogsPages.tsx').then((m) => m.userCatalogPage) },
  'user-awards': { chunk: 'UserProfilePage', load: () => import('./UserProfilePage.tsx').then((m) => m.userAwardsPage) },
  'user-books': { chunk: 'UserBooksPage', load: () => import('./UserBooksPage.tsx').then((m) => m.userBooksPage) },
  'publication-profile': { chunk: 'PublicationPages', load: () => import('./PublicationPages.tsx').then((m) => m.publicationProfilePage) },
  'publication-about': { chunk: 'PublicationPages', load: () => import('./PublicationPages.tsx').then((m) => m.publicationAboutPage) },
  'publication-followers': { chunk: 'PublicationPages', load: () => import('./PublicationPages.tsx').then((m) => m.publicationFollowersPage) },
  'publication-tagged': { chunk: 'PublicationPages', load: () => import('./PublicationPages.tsx').then((m) => m.publicationTaggedPage) },
  'publication-feature-section': { chunk: 'PublicationPages', load: () => import('./PublicationPages.tsx').then((m) => m.publicationTaggedPage) },
  topic: { chunk: 'TagPages', load: () => import('./TagPages.tsx').then((m) => m.topicPage) },
  'topic-recommended': { chunk: 'TagPages', load: () => import('./TagPages.tsx').then((m) => m.topicRecommendedPage) },
  'topic-who-to-follow': { chunk: 'TagPages', load: () => import('./TagPages.tsx').then((m) => m.topicWhoToFollowPage) },
  'explore-topics': { chunk: 'ExploreTopicsPage', load: () => import('./ExploreTopicsPage.tsx').then((m) => m.exploreTopicsPage) },
  'legacy-topic-redirect': { chunk: 'TopicRedirectPage', load: () => import('./TopicRedirectPage.tsx').then((m) => m.legacyTopicRedirectPage) },
  // Writing and publishing (issue 12): the editor. Its body editor (Tiptap) is a further chunk
  // the page loads after hydration (client/editor/StoryEditor.tsx).
  'new-story': { chunk: 'EditorPage', load: () => import('./EditorPage.tsx').then((m) => m.newStoryPage) },
  'edit-story': { chunk: 'EditorPage', load: () => import('./EditorPage.tsx').then((m) => m.editStoryPage) },
  'mobile-web-editor-redirect': { chunk: 'EditorPage', load: () => import('./EditorPage.tsx').then((m) => m.mobileEditorPage) },
  'new-series': { chunk: 'SeriesPages', load: () => import('./SeriesPages.tsx').then((m) => m.newSeriesPage) },
  'edit-series': { chunk: 'SeriesPages', load: () => import('./SeriesPages.tsx').then((m) => m.editSeriesPage) },
  'new-sequence': { chunk: 'SeriesPages', load: () => import('./SeriesPages.tsx').then((m) => m.newSeriesPage) },
  'edit-sequence': { chunk: 'SeriesPages', load: () => import('./SeriesPages.tsx').then((m) => m.editSeriesPage) },
  series: { chunk: 'SeriesPages', load: () => import('./SeriesPages.tsx').then((m) => m.seriesPage) },
  'series-stats': { chunk: 'SeriesPages', load: () => import('./SeriesPages.tsx').then((m) => m.seriesStatsPage) },
  'your-series': { chunk: 'SeriesPages', load: () => import('./SeriesPages.tsx').then((m) => m.yourSeriesPage) },
  'new-publication': { chunk: 'PublicationManagePages', load: () => import('./PublicationManagePages.tsx').then((m) => m.newPublicationPage) },
  'publication-settings': { chunk: 'PublicationSettingsPages', load: () => import('./PublicationSettingsPages.tsx').then((m) => m.publicationSettingsPage) },
  'publication-edit': { chunk: 'PublicationSettingsPages', load: () => import('./PublicationSettingsPages.tsx').then((m) => m.publicationEditPage) },
  'publication-design-editor': { chunk: 'PublicationSettingsPages', load: () => import('./PublicationSettingsPages.tsx').then((m) => m.publicationDesignPage) },
  'user-design-editor': { chunk: 'UserDesignPage', load: () => import('./UserDesignPage.tsx').then((m) => m.userDesignPage) },
  'publication-feature-editor': { chunk: 'PublicationSettingsPages', load: () => import('./PublicationSettingsPages.tsx').then((m) => m.publicationFeatureEditorPage) },
  'publication-latest': { chunk: 'PublicationReaderPages', load: () => import('./PublicationReaderPages.tsx').then((m) => m.publicationLatestPage) },
  'publication-trending': { chunk: 'PublicationReaderPages', load: () => import('./PublicationReaderPages.tsx').then((m) => m.publicationTrendingPage) },
  'publication-feature': { chunk: 'PublicationReaderPages', load: () => import('./PublicationReaderPages.tsx').then((m) => m.publicationFeaturePage) },
  'publication-archive': { chunk: 'PublicationReaderPages', load: () => import('./PublicationReaderPages.tsx').then((m) => m.publicationArchivePage) },
  // A publication's custom domain (issue 14; docs/adr/0087-a-publications-custom-domain.md).
  'publication-custom-domain-settings': {
    chunk: 'PublicationCustomDomainPage',
    load: () => import('./PublicationCustomDomainPage.tsx').then((m) => m.publicationCustomDomainPage),
  },
  'publication-stories': { chunk: 'PublicationSubmissionsPage', load: () => import('./PublicationSubmissionsPage.tsx').then((m) => m.publicationSubmissionsPage) },
  'post-settings': { chunk: 'PostSettingsPage', load: () => import('./PostSettingsPage.tsx').then((m) => m.postSettingsPage) },
  'post-info': { chunk: 'StoryInfoPage', load: () => import('./StoryInfoPage.tsx').then((m) => m.storyInfoPage) },
  // Account addresses without passwords or pages of their own elsewhere (docs/sign-in.md "Account addresses").
  'crupdate-password': { chunk: 'AccountNoticePages', load: () => import('./AccountNoticePages.tsx').then((m) => m.passwordPage) },
  'unrecognized-account': { chunk: 'AccountNoticePages', load: () => import('./AccountNoticePages.tsx').then((m) => m.unrecognizedAccountPage) },
  // The writer's desk (issue 26 point 5; docs/adr/0166-mission-control.md).
  'mission-control': { chunk: 'MissionControlPage', load: () => import('./MissionControlPage.tsx').then((m) => m.missionControlPage) },
  'send-verify': { chunk: 'AccountNoticePages', load: () => import('./AccountNoticePages.tsx').then((m) => m.sendVerifyPage) },
  'post-upvotes': { chunk: 'StoryClapsPage', load: () => import('./StoryClapsPage.tsx').then((m) => m.storyClapsPage) },
  'post-deltas': { chunk: 'StoryHistoryPage', load: () => import('./StoryHistoryPage.tsx').then((m) => m.storyHistoryPage) },
  'import-story': { chunk: 'ImportStoryPage', load: () => import('./ImportStoryPage.tsx').then((m) => m.importStoryPage) },
  // Discovery (issue 15 item 3, docs/reader.md "Discovery: ranking rules").
  'trending-posts': { chunk: 'DiscoveryPages', load: () => import('./DiscoveryPages.tsx').then((m) => m.trendingPostsPage) },
  'top-stories': { chunk: 'DiscoveryPages', load: () => import('./DiscoveryPages.tsx').then((m) => m.topStoriesPage) },
  'tag-archive': { chunk: 'DiscoveryPages', load: () => import('./DiscoveryPages.tsx').then((m) => m.tagArchivePage) },
  'topic-top-writers': { chunk: 'DiscoveryPages', load: () => import('./DiscoveryPages.tsx').then((m) => m.topicTopWritersPage) },
  'collections-library': { chunk: 'DiscoveryPages', load: () => import('./DiscoveryPages.tsx').then((m) => m.collectionsLibraryPage) },
  'oh-noes': { chunk: 'OhNoesPage', load: () => import('./OhNoesPage.tsx').then((m) => m.ohNoesPage) },
  // The site's own pages, one chunk (issue 15 item 4, docs/reader.md "The site's own pages").
  'landing-about': { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.landingAboutPage) },
  'landing-creators': { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.landingCreatorsPage) },
  'landing-partner-program': { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.landingPartnerProgramPage) },
  'landing-b2b': { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.landingB2bPage) },
  'landing-jobs': { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.landingJobsPage) },
  help: { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.helpPage) },
  'terms-of-service': { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.termsOfServicePage) },
  suspended: { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.suspendedPage) },
  'not-available': { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.notAvailablePage) },
  goodbye: { chunk: 'SitePages', load: () => import('./SitePages.tsx').then((m) => m.goodbyePage) },
  // Accounts (issue 14): settings.
  settings: { chunk: 'SettingsPage', load: () => import('./SettingsPage.tsx').then((m) => m.settingsPage) },
  'settings-custom-domain': { chunk: 'CustomDomainSettingsPage', load: () => import('./CustomDomainSettingsPage.tsx').then((m) => m.customDomainSettingsPage) },
  'partner-program-taxes': { chunk: 'PartnerTaxesPage', load: () => import('./PartnerTaxesPage.tsx').then((m) => m.partnerTaxesPage) },
  'landing-verified-authors': { chunk: 'VerifiedAuthorsPage', load: () => import('./VerifiedAuthorsPage.tsx').then((m) => m.verifiedAuthorsPage) },
  'partner-program-dashboard': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.partnerDashboardPage) },
  'partner-program-application': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.partnerApplicationPage) },
  'partner-program-enroll': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.partnerEnrollPage) },
  'partner-program-unenroll': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.partnerUnenrollPage) },
  'payout-setup': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.payoutSetupPage) },
  'partner-program-stripe-reconnect': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.payoutReconnectPage) },
  'partner-program-stripe-finish': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.payoutFinishPage) },
  'partner-program-stripe-reconnect-success': { chunk: 'PartnerProgramPages', load: () => import('./PartnerProgramPages.tsx').then((m) => m.payoutFinishPage) },
  'topics-onboarding': { chunk: 'OnboardingTopicsPage', load: () => import('./OnboardingTopicsPage.tsx').then((m) => m.onboardingTopicsPage) },
  'oauth-applications': { chunk: 'ApplicationsPage', load: () => import('./ApplicationsPage.tsx').then((m) => m.applicationsPage) },
  'oauth-application': { chunk: 'ApplicationsPage', load: () => import('./ApplicationsPage.tsx').then((m) => m.applicationPage) },
  // Membership, payments and gifts (issue 11).
  plans: { chunk: 'PlansPages', load: () => import('./PlansPages.tsx').then((m) => m.plansPage) },
  'onboarding-plans': { chunk: 'PlansPages', load: () => import('./PlansPages.tsx').then((m) => m.onboardingPlansPage) },
  'plans-confirmation': { chunk: 'PlansPages', load: () => import('./PlansPages.tsx').then((m) => m.plansConfirmationPage) },
  'discount-plans': { chunk: 'PlansPages', load: () => import('./PlansPages.tsx').then((m) => m.discountPlansPage) },
  'user-driven-membership-promotion': { chunk: 'PlansPages', load: () => import('./PlansPages.tsx').then((m) => m.writerMembershipPage) },
  'landing-membership': { chunk: 'PlansPages', load: () => import('./PlansPages.tsx').then((m) => m.membershipLandingPage) },
  // Mastodon for members (issue 26 point 3; docs/adr/0180-mastodon-for-members.md).
  'mastodon-for-members': { chunk: 'MastodonPage', load: () => import('./MastodonPage.tsx').then((m) => m.mastodonForMembersPage) },
  'welcome-member': { chunk: 'PlansPages', load: () => import('./PlansPages.tsx').then((m) => m.welcomeMemberPage) },
  'manage-membership': { chunk: 'ManageMembershipPages', load: () => import('./ManageMembershipPages.tsx').then((m) => m.manageMembershipPage) },
  'manage-membership-confirmation': {
    chunk: 'ManageMembershipPages',
    load: () => import('./ManageMembershipPages.tsx').then((m) => m.manageMembershipConfirmationPage),
  },
  'update-payment': { chunk: 'ManageMembershipPages', load: () => import('./ManageMembershipPages.tsx').then((m) => m.updatePaymentPage) },
  'cancel-membership': { chunk: 'ManageMembershipPages', load: () => import('./ManageMembershipPages.tsx').then((m) => m.cancelMembershipPage) },
  'billing-receipt': { chunk: 'ManageMembershipPages', load: () => import('./ManageMembershipPages.tsx').then((m) => m.billingReceiptPage) },
  'landing-gift': { chunk: 'GiftPages', load: () => import('./GiftPages.tsx').then((m) => m.giftLandingPage) },
  'gift-membership': { chunk: 'GiftPages', load: () => import('./GiftPages.tsx').then((m) => m.giftMembershipPage) },
  'group-gift-membership': { chunk: 'GiftPages', load: () => import('./GiftPages.tsx').then((m) => m.groupGiftMembershipPage) },
  'redeem-gift-membership': { chunk: 'GiftPages', load: () => import('./GiftPages.tsx').then((m) => m.redeemGiftPage) },
};

/**
 * The 404 page (docs/product/1-product-screens-membership-header-search.md §2.2), shown for unknown
 * addresses and for pages not built yet.
 */
export const NOT_FOUND_PAGE: PageModule = {
  chunk: 'NotFoundPage',
  load: () => import('./NotFoundPage.tsx').then((m) => m.notFoundPage),
};

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
