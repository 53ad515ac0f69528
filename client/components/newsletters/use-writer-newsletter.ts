// Subscribing to and leaving a writer's newsletter, with the spec's toasts
// (docs/product/2-sign-in-notices-cache-routing.md §4.4: NEWSLETTER_SUBSCRIBE with Unsubscribe,
// NEWSLETTER_UNSUBSCRIBE). Shared by the subscribe page and the profile's button. Signed out,
// subscribing opens sign-up instead.
import { useState } from 'react';
import { useMutation } from 'urql';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { SubscribeToNewsletterMutation, UnsubscribeFromNewsletterMutation } from './use-writer-newsletter.graphql.ts';

export interface WriterNewsletter {
  /** What the viewer chose here, else what the server said (null: not known yet). */
  subscribed: boolean | null;
  busy: boolean;
  join: () => Promise<void>;
  leave: () => Promise<void>;
}

export function useWriterNewsletter(writer: { id: string; name: string }, signedIn: boolean, known: boolean | null): WriterNewsletter {
  const { showToast } = useToast();
  const openSignIn = useSignInPrompt();
  const [, subscribe] = useMutation(SubscribeToNewsletterMutation);
  const [, unsubscribe] = useMutation(UnsubscribeFromNewsletterMutation);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  const leave = async () => {
    setBusy(true);
    const outcome = (await unsubscribe({ writerId: writer.id })).data?.unsubscribeFromNewsletter;
    setBusy(false);
    if (outcome?.__typename === 'User') {
      setChosen(false);
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
      setChosen(true);
      showToast({ style: 'NEWSLETTER_SUBSCRIBE', extraParams: { name: writer.name, entityType: 'USER', onUnsubscribe: () => void leave() } });
    } else showToast({ style: 'ERROR', message: outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.' });
  };
  return { subscribed: chosen ?? known, busy, join, leave };
}
