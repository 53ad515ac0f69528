// Every text of the sign-in and sign-up dialog
// (docs/product/2-sign-in-notices-cache-routing.md §2.1, §5, §8).
import type { AuthOperation } from '../../../shared/auth/sign-in-rules.ts';

export const SUSI_TEXTS = {
  loginTitle: 'Welcome back.',
  registerTitle: (productName: string) => `Join ${productName}.`,
  loginCallToAction: 'Sign in',
  registerCallToAction: 'Sign up',
  noAccount: 'No account?',
  createOne: 'Create one',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  troublePrefix: 'Forgot email or trouble signing in?',
  getHelp: 'Get help',
  signInWithEmail: 'Sign in with email',
  signUpWithEmail: 'Sign up with email',
  allSignInOptions: 'All sign in options',
  allSignUpOptions: 'All sign up options',
  loginSubheader: 'Enter the email address associated with your account, and we’ll send a magic link to your inbox.',
  registerSubheader: 'Enter your email address to create an account.',
  discountPlansSubheader: 'Enter your personal email address (not a school or work email) to create an account.',
  linkExpiredTitle: 'Your link has expired. We’ll send you a new one.',
  emailLabel: 'Your email',
  continue: 'Continue',
  googleHint: 'Using a Google account?',
  googleHintAction: 'Sign in with Google',
  unrecognizedTitle: 'Sorry, we didn’t recognize that email.',
  seeAllSignInOptions: 'See all sign in options',
  createNewAccount: 'create a new account',
  checkInboxTitle: 'Check your inbox.',
  checkInboxLink: (email: string, operation: AuthOperation) =>
    `Click the link we sent to ${email} to ${operation === 'register' ? 'complete your account set-up' : 'sign in'}.`,
  checkInboxCode: (email: string, operation: AuthOperation) =>
    `Enter the 6-digit code we sent to ${email} to ${operation === 'register' ? 'complete your account set-up' : 'sign in'}.`,
  codeLabel: 'Login code',
  ok: 'OK',
  close: 'Close',
  termsNotice: (callToAction: string, productName: string) =>
    `Click “${callToAction}” to agree to ${productName}’s Terms of Service and acknowledge that ${productName}’s Privacy Policy applies to you.`,
  sharesEmail: (name: string) => ` ${name} will also receive your email address.`,
  postLine: (title: string) => `“${title}” is waiting for you once you’re in.`,
} as const;

export const PROVIDER_LABELS: Record<string, string> = {
  GOOGLE: 'Google',
  FACEBOOK: 'Facebook',
  APPLE: 'Apple',
  TWITTER: 'Twitter',
};
