// The profile's "Subscribe" (email) button beside Follow (docs/newsletters.md "On the profile").
//
// A logged-out profile is served from the edge cache, the same copy for every visitor, so the
// button cannot come with the page: it is drawn after hydration, for the viewer the browser
// knows. Signed out: Subscribe opens sign-up. Signed in: the viewer's subscription is asked for
// then (never cached), and the button subscribes or unsubscribes with the spec's toasts
// (docs/product/2-sign-in-notices-cache-routing.md §4.4). The writer's own profile has none.
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { useViewerSession } from '../header/viewer-session.tsx';
import { WriterSubscribePageQuery } from './SubscribeToWriterButton.graphql.ts';
import { useWriterNewsletter } from './use-writer-newsletter.ts';

export function SubscribeToWriterButton({ writer }: { writer: { id: string; name: string; username: string } }) {
  const session = useViewerSession();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const signedIn = session.viewer !== null;
  const [{ data }] = useQuery({ query: WriterSubscribePageQuery, variables: { username: writer.username }, pause: !hydrated || !signedIn, requestPolicy: 'network-only' });
  const known = data?.user?.viewerIsSubscribedToNewsletter;
  const { subscribed: state, busy, join, leave } = useWriterNewsletter(writer, signedIn, typeof known === 'boolean' ? known : null);

  if (!hydrated || session.viewer?.id === writer.id) return null;
  // Signed in but not yet answered: nothing rather than a button that may be wrong.
  if (signedIn && state === null) return null;
  const subscribed = state === true;

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
