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
}

export function optionsStep(operation: AuthOperation): SignInStep {
  return operation === 'register' ? 'SIGNUP_OPTIONS' : 'SIGNIN_OPTIONS';
}
