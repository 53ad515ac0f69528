// Page name → screen. Pages that later issues build are absent: their routes resolve
// (x-route-name / x-page-name) but render the not-found page until they land.
import type { PageDefinition } from './page-definition.ts';
import { homeLoPage } from './HomeLoPage.tsx';
import { postPage } from './PostPage.tsx';
import { userProfilePage } from './UserProfilePage.tsx';
import { signInPage } from './SignInPage.tsx';
import { registrationFormPage } from './RegistrationFormPage.tsx';
import { userAboutPage } from './UserAboutPage.tsx';
import { userFollowersPage, userFollowingPage } from './UserFollowPages.tsx';
import { userCatalogPage, userCatalogsPage } from './UserCatalogsPages.tsx';
import { userBooksPage } from './UserBooksPage.tsx';
import { publicationAboutPage, publicationFollowersPage, publicationProfilePage, publicationTaggedPage } from './PublicationPages.tsx';
import { topicPage, topicRecommendedPage, topicWhoToFollowPage } from './TagPages.tsx';
import { exploreTopicsPage } from './ExploreTopicsPage.tsx';
import { legacyTopicRedirectPage } from './TopicRedirectPage.tsx';

export const PAGES: Partial<Record<string, PageDefinition>> = {
  // Logged-in home shows the same latest feed until the personalised home lands.
  home: homeLoPage,
  'home-lo': homeLoPage,
  post: postPage,
  'user-profile': userProfilePage,
  'sign-in': signInPage,
  'registration-form': registrationFormPage,
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
