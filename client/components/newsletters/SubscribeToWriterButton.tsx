// The profile's "Subscribe" (email) button beside Follow (docs/newsletters.md "On the profile").
//
// A logged-out profile is served from the edge cache, the same copy for every visitor, so the
// button cannot come with the page: it is drawn after hydration, for the viewer the browser
// knows. Signed out: Subscribe opens sign-up. Signed in: the viewer's subscription is asked for
// then (never cached), and the button subscribes or unsubscribes with the spec's toasts
// (docs/product/2-sign-in-notices-cache-routing.md §4.4). The writer's own profile has none.
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useViewerSession } from '../header/viewer-session.tsx';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { SubscribeToNewsletterMutation, UnsubscribeFromNewsletterMutation, WriterSubscribePageQuery } from '../../pages/NewsletterPages.graphql.ts';

export function SubscribeToWriterButton({ writer }: { writer: { id: string; name: string; username: string } }) {
  const session = useViewerSession();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const signedIn = session.viewer !== null;
  const [{ data }] = useQuery({ query: WriterSubscribePageQuery, variables: { username: writer.username }, pause: !hydrated || !signedIn, requestPolicy: 'network-only' });
  const [, subscribe] = useMutation(SubscribeToNewsletterMutation);
  const [, unsubscribe] = useMutation(UnsubscribeFromNewsletterMutation);
  const [override, setOverride] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const { showToast } = useToast();
  const openSignIn = useSignInPrompt();

  if (!hydrated || session.viewer?.id === writer.id) return null;
  const known = data?.user?.viewerIsSubscribedToNewsletter;
  // Signed in but not yet answered: nothing rather than a button that may be wrong.
  if (signedIn && override === null && typeof known !== 'boolean') return null;
  const subscribed = override ?? known === true;

  const leave = async () => {
    setBusy(true);
    const outcome = (await unsubscribe({ writerId: writer.id })).data?.unsubscribeFromNewsletter;
    setBusy(false);
    if (outcome?.__typename === 'User') {
      setOverride(false);
      showToast({ style: 'NEWSLETTER_UNSUBSCRIBE' });
    } else showToast({ style: 'ERROR', message: outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.' });
  };
  const join = async () => {
    if (!signedIn) {
      openSignIn({ operation: 'register', susiEntry: 'follow_profile' });
      return;
    }
    setBusy(true);
    const outcome = (await subscribe({ writerId: writer.id })).data?.subscribeToNewsletter;
    setBusy(false);
    if (outcome?.__typename === 'User') {
      setOverride(true);
      showToast({ style: 'NEWSLETTER_SUBSCRIBE', extraParams: { name: writer.name, entityType: 'USER', onUnsubscribe: () => void leave() } });
    } else showToast({ style: 'ERROR', message: outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.' });
  };

  return (
    <button
      type="button"
      className={`button newsletter-subscribe-button ${subscribed ? 'button-outline' : 'button-dark'}`}
      aria-pressed={subscribed}
      aria-label={subscribed ? `Unsubscribe from ${writer.name}'s emails` : `Subscribe to ${writer.name}'s emails`}
      disabled={busy}
      onClick={() => void (subscribed ? leave() : join())}
    >
      {subscribed ? 'Subscribed' : 'Subscribe'}
    </button>
  );
}
