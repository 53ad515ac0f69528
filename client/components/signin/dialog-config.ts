// What opens the sign-in dialog at which step: small, so the provider can hold it in the
// app shell while the dialog itself (SignInDialog.tsx) loads only when it opens.
import type { AuthOperation } from '../../../shared/auth/sign-in-rules.ts';

/** Steps of docs/product/2-sign-in-notices-cache-routing.md §2.1 (null resets the dialog). */
export type SignInStep = 'SIGNIN_OPTIONS' | 'SIGNUP_OPTIONS' | 'ENTER_EMAIL' | 'UNRECOGNIZED_EMAIL' | 'CHECK_YOUR_INBOX';
export const SIGN_IN_STEPS: readonly SignInStep[] = ['SIGNIN_OPTIONS', 'SIGNUP_OPTIONS', 'ENTER_EMAIL', 'UNRECOGNIZED_EMAIL', 'CHECK_YOUR_INBOX'];

export interface SignInDialogConfig {
  step: SignInStep | null;
  operation: AuthOperation;
  /**
   * Where the prompt came from (docs/product/2-sign-in-notices-cache-routing.md §2.1):
   * discount_plans and email_login_timeout change the texts.
   */
  susiEntry?: string;
  /** Where to come back to after signing in; the current address by default. */
  redirectTo?: string;
  /** A writer or publication the sign-up shares the email with (terms notice). */
  sharesEmailWith?: string;
  // What the visitor was doing when asked to sign in (docs/product/2-sign-in-notices-cache-routing.md
  // §2.1; what each changes: docs/adr/0106-sign-in-dialog-settings.md, SignInDialog.tsx's dialogTarget).
  /** The action to finish after signing in (a path of this site): where the dialog returns, before redirectTo. */
  actionUrl?: string;
  /** A social sign-in's pending token (docs/product/2-… §2.3): carried on to the provider buttons. */
  token?: string;
  /** The publication being followed, by name. */
  collection?: string;
  /** The publication's slug: with no other return address, the dialog returns to its page. */
  collectionSlug?: string;
  /** The topic being followed, by name. */
  topic?: string;
  /** The writer being followed, by name. */
  user?: string;
  /** The newsletter subscribed to, by its writer's or publication's name: the email is shared with them. */
  newsletterV3?: string;
  /** The story the visitor wants to read, by title. */
  post?: string;
}

/** The settings that name what the visitor was doing (copied as given, each a non-empty string). */
export const TARGET_SETTINGS = ['actionUrl', 'token', 'collection', 'collectionSlug', 'topic', 'user', 'newsletterV3', 'post'] as const;
export type TargetSetting = (typeof TARGET_SETTINGS)[number];

/** A path of this site (never another origin): what actionUrl and redirects may be. */
export function isSitePath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

/** Where the dialog sends the visitor after signing in: the action, the redirect, the publication, else here. */
export function returnAddress(config: SignInDialogConfig, current: string): string {
  if (isSitePath(config.actionUrl)) return config.actionUrl;
  if (config.redirectTo) return config.redirectTo;
  if (config.collectionSlug && /^[\w-]{1,100}$/.test(config.collectionSlug)) return `/${config.collectionSlug}`;
  return current;
}

/**
 * The dialog's title and terms addition for what the visitor was doing (docs/adr/0106-sign-in-dialog-settings.md):
 * a newsletter, then a writer, a publication, a topic, a story. Null: the plain options titles.
 */
export function dialogTarget(config: SignInDialogConfig): { title: string; sharesEmailWith: string | null } | null {
  const register = config.operation === 'register';
  const verb = register ? 'Create an account' : 'Sign in';
  if (config.newsletterV3) return { title: `${register ? 'Sign up' : 'Sign in'} to get ${config.newsletterV3}’s stories in your inbox.`, sharesEmailWith: config.newsletterV3 };
  const followed = config.user ?? config.collection ?? config.topic;
  if (followed) return { title: `${verb} to follow ${followed}.`, sharesEmailWith: config.sharesEmailWith ?? null };
  if (config.post) return { title: `${verb} to read the full story.`, sharesEmailWith: config.sharesEmailWith ?? null };
  return null;
}

export function optionsStep(operation: AuthOperation): SignInStep {
  return operation === 'register' ? 'SIGNUP_OPTIONS' : 'SIGNIN_OPTIONS';
}
