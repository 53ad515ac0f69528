// Resend verification (issue item 10; docs/product/2-sign-in-notices-cache-routing.md §4.4
// VERIFY_EMAIL, SENT_VERIFICATION_EMAIL): a signed-in viewer with an unverified email sees the
// persistent VERIFY_EMAIL toast; "Resend email" runs SendVerificationEmail and shows the persistent
// confirmation.
import { useEffect } from 'react';
import { useClient } from 'urql';
import { useAppState } from '../../app/app-state.tsx';
import { SendVerificationEmail, ViewerUnverifiedEmailQuery } from './VerifyEmailPrompt.graphql.ts';
import { useViewerSession } from '../header/viewer-session.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';

/** A sign-in confirmation toast (5 s) goes first. */
const AFTER_CONFIRMATION_MS = 5500;

export function VerifyEmailPrompt() {
  const state = useAppState();
  const session = useViewerSession();
  const client = useClient();
  const { showToast } = useToast();

  useEffect(() => {
    // A suspended or limited account keeps its banner (ToastProvider's StartupToasts): a later
    // toast would take its one slot (docs/adr/0030-toasts-one-slot.md).
    if (!session.isLoggedIn || state.viewer?.standing) return;
    let cancelled = false;
    let timer: number | undefined;
    const started = Date.now();
    const resend = async () => {
      const result = await client.mutation(SendVerificationEmail, {}).toPromise();
      const answer = result.data?.sendVerificationEmail as { __typename: string; email?: string; message?: string } | undefined;
      if (answer?.__typename === 'VerificationEmailSent') {
        showToast({ style: 'SENT_VERIFICATION_EMAIL', duration: 'FOREVER', extraParams: { email: answer.email! } });
      } else {
        showToast({ style: 'ERROR', message: answer?.message ?? 'Please try again.' });
      }
    };
    void client
      .query(ViewerUnverifiedEmailQuery, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (cancelled || !result.data?.viewer?.unverifiedEmail) return;
        const wait = state.signInConfirmation ? Math.max(0, AFTER_CONFIRMATION_MS - (Date.now() - started)) : 0;
        timer = window.setTimeout(() => showToast({ style: 'VERIFY_EMAIL', duration: 'FOREVER', extraParams: { onResendEmail: resend } }), wait);
      });
    return () => {
      cancelled = true;
      if (timer !== undefined) window.clearTimeout(timer);
    };
    // Once per page load.
  }, []);
  return null;
}
