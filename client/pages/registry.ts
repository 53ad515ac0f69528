// Page name → screen. Pages that later issues build are absent: their routes resolve
// (x-route-name / x-page-name) but render the not-found page until they land.
import type { PageDefinition } from './page-definition.ts';
import { homeLoPage } from './HomeLoPage.tsx';
import { postPage } from './PostPage.tsx';
import { userProfilePage } from './UserProfilePage.tsx';
import { signInPage } from './SignInPage.tsx';
import { registrationFormPage } from './RegistrationFormPage.tsx';
import { homePage } from './HomePage.tsx';
import { customizeFollowingPage } from './CustomizeFollowingPage.tsx';
import { customizeMutedPage } from './CustomizeMutedPage.tsx';
import { customizeSuggestionsPage } from './CustomizeSuggestionsPage.tsx';

export const PAGES: Partial<Record<string, PageDefinition>> = {
  home: homePage,
  'home-lo': homeLoPage,
  post: postPage,
  'user-profile': userProfilePage,
  'sign-in': signInPage,
  'registration-form': registrationFormPage,
  'customize-following': customizeFollowingPage,
  'customize-muted': customizeMutedPage,
  'customize-suggestions': customizeSuggestionsPage,
};

export { notFoundPage } from './NotFoundPage.tsx';
