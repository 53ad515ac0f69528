// Page name → screen. Pages that later issues build are absent: their routes resolve
// (x-route-name / x-page-name) but render the not-found page until they land.
import type { PageDefinition } from './page-definition.ts';
import { homeLoPage } from './HomeLoPage.tsx';
import { postPage, postResponsesPage } from './PostPage.tsx';
import { userProfilePage } from './UserProfilePage.tsx';
import { signInPage } from './SignInPage.tsx';
import { registrationFormPage } from './RegistrationFormPage.tsx';

export const PAGES: Partial<Record<string, PageDefinition>> = {
  // Logged-in home shows the same latest feed until the personalised home lands.
  home: homeLoPage,
  'home-lo': homeLoPage,
  post: postPage,
  'post-responses': postResponsesPage,
  'user-profile': userProfilePage,
  'sign-in': signInPage,
  'registration-form': registrationFormPage,
};

export { notFoundPage } from './NotFoundPage.tsx';
