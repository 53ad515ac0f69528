// Schema modules: each capability adds its types, queries and mutations in a file of its
// own (SDL + resolvers). Same-named types across modules (Query, Mutation, User, …) are
// merged by @graphql-tools when the schema is built (../schema.ts).
import type { SchemaModule } from './schema-module.ts';
import { newslettersModule } from './newsletters.ts';
import { storyInfoModule } from './story-info.ts';
import { newsletterSubscribersModule } from './newsletter-subscribers.ts';
import { topicCurationModule } from './topic-curation.ts';
import { viewerFollowingModule } from './viewer-following.ts';
import { publicationNewslettersModule } from './publication-newsletters.ts';
import { publicationFaviconModule } from './publication-favicon.ts';
import { viewerMenuModule } from './viewer-menu.ts';
import { mastodonModule } from './mastodon.ts';
import { authModule } from './auth.ts';
import { outcomeKindsModule } from './outcome-kinds.ts';
import { storyEditModule } from './story-edit.ts';
import { clapsModule } from './claps.ts';
import { responsesModule } from './responses.ts';
import { fediverseResponsesModule } from './fediverse-responses.ts';
import { listsModule } from './lists.ts';
import { listEditsModule } from './list-edits.ts';
import { seriesModule } from './series.ts';
import { catalogResponsesModule } from './list-responses.ts';
import { readingHistoryModule } from './reading-history.ts';
import { notificationsModule } from './notifications.ts';
import { trashModule } from './trash.ts';
import { negativeSignalsModule } from './negative-signals.ts';
import { publicationPinsModule } from './publication-pins.ts';
import { socialGraphModule } from './social-graph.ts';
import { discoveryModule } from './discovery.ts';
import { profilesModule } from './profiles.ts';
import { blocksModule } from './blocks.ts';
import { searchModule } from './search.ts';
import { clientAppModule } from './client-app.ts';
import { postRestrictionsModule } from './story-restrictions.ts';
import { draftsModule } from './drafts.ts';
import { publishingModule } from './publishing.ts';
import { storyImportModule } from './story-import.ts';
import { submissionsModule } from './submissions.ts';
import { moderationModule } from './moderation.ts';
import { publicationsModule } from './publications.ts';
import { publicationDesignModule } from './publication-design.ts';
import { customStyleSheetsModule } from './custom-style-sheets.ts';
import { twoFactorModule } from './two-factor.ts';
import { publicationListsModule } from './publication-lists.ts';
import { profileTabsModule } from './profile-tabs.ts';
import { discoveryPagesModule, publicCatalogsModule, tagTopWritersModule } from './discovery-pages.ts';
import { ohNoesModule } from './oh-noes.ts';
import { highlightsModule } from './highlights.ts';
import { accountSettingsModule } from './account-settings.ts';
import { customDomainModule } from './custom-domain.ts';
import { onboardingModule } from './onboarding.ts';
import { integrationTokensModule } from './integration-tokens.ts';
import { oauthApplicationsModule } from './oauth-applications.ts';
import { membershipModule } from './membership.ts';
import { partnerTaxesModule } from './partner-taxes.ts';
import { partnerDashboardModule } from './partner-dashboard.ts';
import { partnerProgramModule } from './partner-program.ts';
import { authorVerificationModule } from './author-verification.ts';
import { statsModule } from './stats.ts';
import { fediverseAudienceModule } from './fediverse-audience.ts';

export const SCHEMA_MODULES: SchemaModule[] = [
  publicationFaviconModule,
  viewerMenuModule,
  mastodonModule,
  storyEditModule,
  authModule,
  outcomeKindsModule,
  // The reader's product (issue 6): the story page, the social graph, profiles and the library.
  clapsModule,
  responsesModule,
  fediverseResponsesModule,
  socialGraphModule,
  discoveryModule,
  profilesModule,
  listsModule,
  listEditsModule,
  seriesModule,
  catalogResponsesModule,
  readingHistoryModule,
  notificationsModule,
  trashModule,
  negativeSignalsModule,
  publicationPinsModule,
  blocksModule,
  // Search calls (issue 10): SearchClickEvent, the publication by domain or slug.
  searchModule,
  clientAppModule,
  // Issue 18 point 6: legal blocks, country withholding, sign-in-only stories.
  postRestrictionsModule,
  // Writing and publishing (issue 12).
  draftsModule,
  publishingModule,
  storyImportModule,
  submissionsModule,
  moderationModule,
  publicationsModule,
  publicationDesignModule,
  customStyleSheetsModule,
  twoFactorModule,
  publicationListsModule,
  // The rest of the reader's site (issue 15).
  profileTabsModule,
  discoveryPagesModule,
  publicCatalogsModule,
  tagTopWritersModule,
  ohNoesModule,
  highlightsModule,
  // Accounts (issue 14): settings, onboarding.
  accountSettingsModule,
  customDomainModule,
  onboardingModule,
  integrationTokensModule,
  oauthApplicationsModule,
  // Membership, payments and gifts (issue 11).
  membershipModule,
  // Story stats (issue 13; docs/stats.md).
  statsModule,
  // Fediverse followers in the audience (issue 30 point 2).
  fediverseAudienceModule,
  // Writers' newsletters (issue 12 item 8).
  newslettersModule,
  newsletterSubscribersModule,
  storyInfoModule,
  // Topic curators' featured stories (issue 15).
  topicCurationModule,
  // Search pages' Follow buttons in the viewer's real state (issue 10).
  viewerFollowingModule,
  // The Partner Program's tax documents (issue 13 point 5).
  partnerTaxesModule,
  // The Partner Program dashboard (issue 13 point 4).
  partnerDashboardModule,
  // Partner Program enrolment and payout accounts (issue 13 point 4).
  partnerProgramModule,
  // Author verification (issue 13 point 6).
  authorVerificationModule,
  publicationNewslettersModule,
];
