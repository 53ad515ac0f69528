// The sign-in page (/m/signin, page sign-in, basic layout): the sign-in dialog embedded in
// a page, for links that cannot open the modal (custom domains, no JavaScript yet, an
// expired magic link: ?step=ENTER_EMAIL&susiEntry=email_login_timeout). Query parameters
// (docs/product/2-sign-in-notices-cache-routing.md §2.1, §2.3): operation, redirect, step, susiEntry,
// and what the visitor was doing: actionUrl, token, collection, collectionSlug, topic, user,
// newsletterV3, post (client/components/signin/dialog-config.ts).
import { useState } from 'react';
import { SignInOptionsQuery } from '../components/signin/SignInDialog.graphql.ts';
import { useNavigation } from '../app/navigation.tsx';
import { useAppState } from '../app/app-state.tsx';
import { SignInDialog, type SignInDialogConfig, type SignInStep } from '../components/signin/SignInDialog.tsx';
import { toDialogConfig } from '../components/signin/SignInDialogProvider.tsx';
import { isSitePath, TARGET_SETTINGS } from '../components/signin/dialog-config.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { socialSignInErrorText } from '../../shared/auth/social-sign-in.ts';

export function signInConfigFromQuery(search: string): SignInDialogConfig {
  const query = new URLSearchParams(search);
  const redirect = query.get('redirect') ?? query.get('redirectUrl');
  return toDialogConfig({
    operation: query.get('operation') === 'register' ? 'register' : 'login',
    step: (query.get('step') as SignInStep | null) ?? null,
    ...(query.get('susiEntry') ? { susiEntry: query.get('susiEntry')! } : {}),
    // Only a path of this site; the server checks again before using it. Without one, the
    // publication's page or the action (dialog-config.ts returnAddress) may still give one.
    ...(isSitePath(redirect) ? { redirectTo: redirect } : {}),
    // What the visitor was doing (docs/product/2-sign-in-notices-cache-routing.md §2.1, §2.3; docs/adr/0106-sign-in-dialog-settings.md).
    ...Object.fromEntries(TARGET_SETTINGS.flatMap((name) => (query.get(name) ? [[name, query.get(name)!]] : []))),
  });
}

function SignInScreen() {
  const { location } = useNavigation();
  const productName = useAppState().config.productName;
  const [config, setConfig] = useState(() => signInConfigFromQuery(location.search));
  // A social sign-in that came back without signing in says why (a code, never text from the link).
  const query = new URLSearchParams(location.search);
  const socialError = socialSignInErrorText(query.get('socialError'), query.get('provider'));
  return (
    <div className="susi-page">
      <a href="/" className="wordmark susi-page-wordmark">
        {productName}
      </a>
      {socialError ? (
        <p className="susi-page-error" role="alert" data-testid="social-sign-in-error">
          {socialError}
        </p>
      ) : null}
      <SignInDialog embedded config={config} onConfigChange={(next) => setConfig(next.step === null ? signInConfigFromQuery('') : next)} />
    </div>
  );
}

export const signInPage: PageDefinition = {
  query: () => ({ query: SignInOptionsQuery, variables: {} }),
  title: (_data, state) => `Sign in | ${state.config.productName}`,
  Component: SignInScreen,
};
