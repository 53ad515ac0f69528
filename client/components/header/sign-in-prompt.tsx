// How the header, the avatar menu and the toasts ask a visitor to sign in or sign up.
// The sign-in dialog (client/components/signin/) provides the real function:
//
//   <SignInPromptProvider open={openSignInDialog}>…</SignInPromptProvider>
//
// Without a provider, the prompt goes to the sign-in page (/m/signin?operation=…),
// returning to the current address afterwards.
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { signInUrl } from '../../../shared/urls/auth-urls.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { useLinkContext } from './link-context.ts';

export type SignInOperation = 'login' | 'register';
/**
 * The dialog steps of docs/product/2-sign-in-notices-cache-routing.md §2.1 that a prompt may open
 * at.
 */
export type SignInStep = 'SIGNIN_OPTIONS' | 'SIGNUP_OPTIONS' | 'ENTER_EMAIL';

export interface SignInPromptOptions {
  operation: SignInOperation;
  step?: SignInStep;
  /**
   * docs/product/2-sign-in-notices-cache-routing.md §2.1 (susiEntry): where the prompt came from
   * (e.g. 'nav', 'write', 'toast').
   */
  susiEntry?: string;
  /**
   * Where the reader goes once signed in (or signed up, after onboarding), when that is not
   * the page they are on: "Write" asks for the editor (issue 29 point 8).
   */
  redirectTo?: string;
}

export type OpenSignIn = (options: SignInPromptOptions) => void;

const SignInPromptContext = createContext<OpenSignIn | null>(null);

export function SignInPromptProvider({ open, children }: { open: OpenSignIn; children: ReactNode }) {
  return <SignInPromptContext.Provider value={open}>{children}</SignInPromptContext.Provider>;
}

/** The sign-in page for a prompt, coming back to `returnTo`. */
export function signInPageUrl(options: SignInPromptOptions, ctx: LinkContext, returnTo?: string): string {
  const redirect = options.redirectTo ?? returnTo;
  return signInUrl(ctx, { operation: options.operation, ...(redirect ? { redirect } : {}) });
}

export function useSignInPrompt(): OpenSignIn {
  const provided = useContext(SignInPromptContext);
  const ctx = useLinkContext();
  return useMemo(
    () => provided ?? ((options: SignInPromptOptions) => window.location.assign(signInPageUrl(options, ctx, window.location.href))),
    [provided, ctx],
  );
}
