// Small account pages of the sign-in routes (docs/sign-in.md "Account addresses"):
// - crupdate-password (/password): Vellum has no passwords — people sign in with a link mailed
//   to them or with a connected provider (docs/adr/0079-account-settings.md) — so the address explains
//   that and points to the settings that do exist, instead of a 404 for a bookmarked link.
// - unrecognized-account (/unrecognized-account): where a sign-in with an account we don't
//   know ends, in the words of the sign-in dialog's UNRECOGNIZED_EMAIL step
//   (docs/product/2-sign-in-notices-cache-routing.md §1), with its two ways on.
// - send-verify (/me/send-verify): mails a verification link to the viewer's unverified email
//   (SendVerificationEmail, the same call as the VERIFY_EMAIL toast's "Resend email"), or says
//   the email is verified.
import { useState } from 'react';
import { useMutation } from 'urql';
import { settingsUrl } from '../../shared/urls/me-urls.ts';
import { signInUrl } from '../../shared/urls/auth-urls.ts';
import { SendVerificationEmail } from '../components/signin/VerifyEmailPrompt.graphql.ts';
import { useAppState } from '../app/app-state.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { SendVerifyPageQuery, type SendVerifyPageData } from './AccountNoticePages.graphql.ts';

export const passwordPage: PageDefinition<undefined> = {
  title: (_data, state) => `Passwords – ${state.config.productName}`,
  Component: function Password() {
    const ctx = useLinkContext();
    const productName = useAppState().config.productName;
    return (
      <div className="account-notice" data-testid="no-passwords">
        <h1>{productName} doesn’t use passwords</h1>
        <p>
          You sign in with a link we email you, or with Google, Facebook, Apple or X. There is no password to create, change or
          forget — and none that can leak.
        </p>
        <p className="account-notice-actions">
          <a className="button button-dark" href={settingsUrl(ctx, 'connectedAccounts')}>
            Manage sign-in methods
          </a>
          <a className="button button-outline" href={settingsUrl(ctx, 'email')}>
            Change your email
          </a>
        </p>
      </div>
    );
  },
};

export const unrecognizedAccountPage: PageDefinition<undefined> = {
  title: (_data, state) => `Sign in – ${state.config.productName}`,
  Component: function UnrecognizedAccount() {
    const ctx = useLinkContext();
    return (
      <div className="account-notice" data-testid="unrecognized-account">
        <h1>Sorry, we didn't recognize that account.</h1>
        <p className="muted">It isn’t linked to an account here. Sign in another way, or create a new account.</p>
        <p className="account-notice-actions">
          <a className="button button-dark" href={signInUrl(ctx, { operation: 'login' })}>
            See all sign in options
          </a>
          <a className="button button-outline" href={signInUrl(ctx, { operation: 'register' })}>
            Create a new account
          </a>
        </p>
      </div>
    );
  },
};

function SendVerify({ email, unverifiedEmail }: { email: string | null; unverifiedEmail: string }) {
  const [, send] = useMutation(SendVerificationEmail);
  const { showToast } = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const onSend = async () => {
    setSending(true);
    setError(null);
    const answer = (await send({})).data?.sendVerificationEmail;
    setSending(false);
    if (answer?.__typename === 'VerificationEmailSent') {
      setSentTo(answer.email);
      showToast({ style: 'SENT_VERIFICATION_EMAIL', duration: 'FOREVER', extraParams: { email: answer.email } });
    } else setError(answer && 'message' in answer ? answer.message : 'Please try again.');
  };
  return (
    <>
      <h1>Verify your email</h1>
      <p>
        <strong>{unverifiedEmail}</strong> is waiting to be verified{email ? `; until then we keep writing to ${email}` : ''}. We’ll send a
        link to it: open it to confirm the address is yours.
      </p>
      {sentTo ? (
        <p role="status" data-testid="verification-sent">
          A verification email has been sent to {sentTo}.
        </p>
      ) : null}
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
      <p className="account-notice-actions">
        <button type="button" className="button button-dark" onClick={() => void onSend()} disabled={sending} aria-busy={sending}>
          {sentTo ? 'Send it again' : 'Send verification email'}
        </button>
      </p>
    </>
  );
}

export const sendVerifyPage: PageDefinition<SendVerifyPageData> = {
  query: () => ({ query: SendVerifyPageQuery, variables: {} }),
  title: (_data, state) => `Verify your email – ${state.config.productName}`,
  Component: function SendVerifyPage({ data }) {
    const ctx = useLinkContext();
    const viewer = data.viewer;
    return (
      <div className="account-notice" data-testid="send-verify">
        {viewer?.unverifiedEmail ? (
          <SendVerify email={viewer.email ?? null} unverifiedEmail={viewer.unverifiedEmail} />
        ) : (
          <>
            <h1>Your email is verified</h1>
            <p className="muted">{viewer?.email ? `${viewer.email} is verified: there is nothing to do.` : 'There is no email waiting to be verified.'}</p>
            <p className="account-notice-actions">
              <a className="button button-outline" href={settingsUrl(ctx, 'email')}>
                Email settings
              </a>
            </p>
          </>
        )}
      </div>
    );
  },
};
