// Page name → screen. Pages that later issues build are absent: their routes resolve
// (x-route-name / x-page-name) but render the not-found page until they land.
import type { PageDefinition } from './page-definition.ts';
import { homeLoPage } from './HomeLoPage.tsx';
import { postPage, postResponsesPage } from './PostPage.tsx';
import { userProfilePage } from './UserProfilePage.tsx';
import { signInPage } from './SignInPage.tsx';
import { registrationFormPage } from './RegistrationFormPage.tsx';
import { yourCatalogsPage } from './YourCatalogsPage.tsx';
import { yourCatalogPage } from './YourCatalogPage.tsx';
import { yourFollowedCatalogsPage } from './YourFollowedCatalogsPage.tsx';
import { yourReadingHistoryPage } from './YourReadingHistoryPage.tsx';
import { customizeReadingHistoryPage } from './CustomizeReadingHistoryPage.tsx';
import { notificationsPage } from './NotificationsPage.tsx';
import { yourStoriesPage } from './YourStoriesPage.tsx';
import { homePage } from './HomePage.tsx';
import { customizeFollowingPage } from './CustomizeFollowingPage.tsx';
import { customizeMutedPage } from './CustomizeMutedPage.tsx';
import { customizeSuggestionsPage } from './CustomizeSuggestionsPage.tsx';
import { userAboutPage } from './UserAboutPage.tsx';
import { userFollowersPage, userFollowingPage } from './UserFollowPages.tsx';
import { userCatalogPage, userCatalogsPage } from './UserCatalogsPages.tsx';
import { userBooksPage } from './UserBooksPage.tsx';
import { publicationAboutPage, publicationFollowersPage, publicationProfilePage, publicationTaggedPage } from './PublicationPages.tsx';
import { topicPage, topicRecommendedPage, topicWhoToFollowPage } from './TagPages.tsx';
import { exploreTopicsPage } from './ExploreTopicsPage.tsx';
import { legacyTopicRedirectPage } from './TopicRedirectPage.tsx';

export const PAGES: Partial<Record<string, PageDefinition>> = {
  home: homePage,
  'home-lo': homeLoPage,
  post: postPage,
  'post-responses': postResponsesPage,
  'user-profile': userProfilePage,
  'sign-in': signInPage,
  'registration-form': registrationFormPage,
  // Library, reading history, notifications and the trash (issue 6 items 8, 9, 10, 12).
  'your-catalogs': yourCatalogsPage,
  'your-catalog': yourCatalogPage,
  'your-followed-catalogs': yourFollowedCatalogsPage,
  'your-reading-history': yourReadingHistoryPage,
  'customize-reading-history': customizeReadingHistoryPage,
  notifications: notificationsPage,
  'your-stories': yourStoriesPage,
  'customize-following': customizeFollowingPage,
  'customize-muted': customizeMutedPage,
  'customize-suggestions': customizeSuggestionsPage,
  // Profiles, publications and topics (issue 6 items 6 and 7).
  'user-about': userAboutPage,
  'user-followers': userFollowersPage,
  'user-following': userFollowingPage,
  'user-catalogs': userCatalogsPage,
  'user-catalog': userCatalogPage,
  'user-books': userBooksPage,
  'publication-profile': publicationProfilePage,
  'publication-about': publicationAboutPage,
  'publication-followers': publicationFollowersPage,
  'publication-tagged': publicationTaggedPage,
  topic: topicPage,
  'topic-recommended': topicRecommendedPage,
  'topic-who-to-follow': topicWhoToFollowPage,
  'explore-topics': exploreTopicsPage,
  'legacy-topic-redirect': legacyTopicRedirectPage,
};

export { notFoundPage } from './NotFoundPage.tsx';
