// Writers' newsletters (issue 12 item 8; docs/newsletters.md):
// - writer-subscription-promotion (/@{username}/subscribe, /subscribe/@{username}): "Get an
//   email whenever {name} publishes", Subscribe / Unsubscribe with the spec's toasts
//   (docs/product/2-sign-in-notices-cache-routing.md §4.4: NEWSLETTER_SUBSCRIBE with Unsubscribe,
//   NEWSLETTER_UNSUBSCRIBE).
// - email-settings (/me/email-settings/{userId}/{hash}): the signed link of every newsletter
//   email; works signed out; a tampered link shows "not valid" (403) and nothing else.
// - global-unsubscribe-newsletters (/me/unsubscribe-all-newsletters, …-author-newsletters): the
//   signed-in viewer ends every newsletter subscription in one click.
import { useState } from 'react';
import { useMutation } from 'urql';
import { Avatar } from '../components/Avatar.tsx';
import { Link } from '../app/navigation.tsx';
import { profileHref } from '../app/hrefs.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { useWriterNewsletter } from '../components/newsletters/use-writer-newsletter.ts';
import { EmailSettingsPageQuery, UnsubscribeAllPageQuery, UnsubscribeFromNewslettersMutation, type EmailSettingsPageData, type UnsubscribeAllPageData } from './NewsletterPages.graphql.ts';
import { WriterSubscribePageQuery, type WriterSubscribePageData } from '../components/newsletters/SubscribeToWriterButton.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

type Writer = NonNullable<WriterSubscribePageData['user']>;

function SubscribeCard({ writer, signedIn }: { writer: Writer; signedIn: boolean }) {
  const ctx = useLinkContext();
  const { subscribed, busy, join, leave } = useWriterNewsletter(writer, signedIn, writer.viewerIsSubscribedToNewsletter === true);

  return (
    <section className="newsletter-card" aria-label={`${writer.name}'s newsletter`}>
      <Link href={profileHref(writer, ctx)}>
        <Avatar name={writer.name} imageId={writer.imageId} size={72} />
      </Link>
      <h1 className="newsletter-title">Get an email whenever {writer.name} publishes.</h1>
      {writer.bio ? <p className="muted">{writer.bio}</p> : null}
      {subscribed ? (
        <button type="button" className="button" disabled={busy} onClick={() => void leave()}>
          Unsubscribe
        </button>
      ) : (
        <button type="button" className="button button-dark" disabled={busy} onClick={() => void join()}>
          Subscribe
        </button>
      )}
      {subscribed ? <p className="muted" role="status">You're subscribed to {writer.name}.</p> : null}
      {/* Consent for the subscriber export (docs/newsletters.md "Subscriber export"). */}
      <p className="muted newsletter-consent">{writer.name} will see your email address.</p>
    </section>
  );
}

export const writerSubscribePage: PageDefinition<WriterSubscribePageData> = {
  query: (params) => ({ query: WriterSubscribePageQuery, variables: { username: params.username ?? '' } }),
  status: (data) => (data.user ? 200 : 404),
  title: (data, state) => (data?.user ? `Subscribe to ${data.user.name} – ${state.config.productName}` : `Not found – ${state.config.productName}`),
  Component: ({ data }) =>
    data.user ? (
      <SubscribeCard writer={data.user} signedIn={data.viewer !== null} />
    ) : (
      <p className="library-empty muted">This writer does not exist.</p>
    ),
};

type Settings = Extract<NonNullable<EmailSettingsPageData['newsletterEmailSettings']>, { __typename: 'NewsletterEmailSettings' }>;

function NewsletterSettings({ initial, hash }: { initial: Settings; hash: string | null }) {
  const ctx = useLinkContext();
  const { showToast } = useToast();
  const [, unsubscribe] = useMutation(UnsubscribeFromNewslettersMutation);
  const [subscriptions, setSubscriptions] = useState(initial.subscriptions);
  const [publications, setPublications] = useState(initial.publicationSubscriptions);
  const [busy, setBusy] = useState(false);

  const leave = async (writerId: string | null) => {
    setBusy(true);
    const outcome = (await unsubscribe({ userId: initial.userId, hash, writerId })).data?.unsubscribeFromNewsletters;
    setBusy(false);
    if (outcome?.__typename === 'NewsletterEmailSettings') {
      setSubscriptions(outcome.subscriptions);
      setPublications(outcome.publicationSubscriptions);
      showToast({ style: 'NEWSLETTER_UNSUBSCRIBE' });
    } else showToast({ style: 'ERROR', message: outcome?.__typename === 'Forbidden' ? outcome.message : 'Something went wrong. Please try again.' });
  };

  return (
    <section className="newsletter-settings">
      <header className="library-header">
        <h1 className="library-title">Newsletters</h1>
      </header>
      {subscriptions.length === 0 && publications.length === 0 ? (
        <p className="muted" role="status">
          You're not subscribed to any newsletters.
        </p>
      ) : (
        <>
          {subscriptions.length > 0 ? <p className="muted">You get an email when these writers publish.</p> : null}
          <ul className="newsletter-list" aria-label="Your newsletters">
            {subscriptions.map((s) => (
              <li key={s.writer.id} className="newsletter-row">
                <Link href={profileHref(s.writer, ctx)}>{s.writer.name}</Link>
                <button type="button" className="button" disabled={busy} onClick={() => void leave(s.writer.id)} aria-label={`Unsubscribe from ${s.writer.name}`}>
                  Unsubscribe
                </button>
              </li>
            ))}
          </ul>
          {publications.length > 0 ? (
            <ul className="newsletter-list" aria-label="Your publication newsletters">
              {publications.map((s) => (
                <li key={s.newsletter.id} className="newsletter-row">
                  <span>
                    {s.newsletter.name} <span className="muted">({s.newsletter.collection.name})</span>
                  </span>
                  {/* unsubscribeFromNewsletters takes a publication newsletter's id as well as a writer's (docs/newsletters.md). */}
                  <button type="button" className="button" disabled={busy} onClick={() => void leave(s.newsletter.id)} aria-label={`Unsubscribe from ${s.newsletter.name}`}>
                    Unsubscribe
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" className="button button-dark" disabled={busy} onClick={() => void leave(null)}>
            Unsubscribe from all newsletters
          </button>
        </>
      )}
    </section>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="library-empty" role="alert" data-testid="invalid-email-settings-link">
      <h1 className="library-title">Email settings</h1>
      <p className="muted">{message}</p>
    </div>
  );
}

export const emailSettingsPage: PageDefinition<EmailSettingsPageData> = {
  query: (params) => ({ query: EmailSettingsPageQuery, variables: { userId: params.userId ?? '', hash: params.hash ?? '' } }),
  status: (data) => (data.newsletterEmailSettings.__typename === 'Forbidden' ? 403 : 200),
  title: (_data, state) => `Email settings – ${state.config.productName}`,
  Component: ({ data, params }) => {
    const settings = data.newsletterEmailSettings;
    return settings.__typename === 'NewsletterEmailSettings' ? <NewsletterSettings initial={settings} hash={params.hash ?? ''} /> : <InvalidLink message={settings.message} />;
  },
};

function UnsubscribeAll({ viewerId }: { viewerId: string }) {
  const { showToast } = useToast();
  const [, unsubscribe] = useMutation(UnsubscribeFromNewslettersMutation);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    const outcome = (await unsubscribe({ userId: viewerId, hash: null, writerId: null })).data?.unsubscribeFromNewsletters;
    setBusy(false);
    if (outcome?.__typename === 'NewsletterEmailSettings') {
      setDone(true);
      showToast({ style: 'NEWSLETTER_UNSUBSCRIBE' });
    } else showToast({ style: 'ERROR', message: 'Something went wrong. Please try again.' });
  };
  return (
    <section className="newsletter-settings">
      <h1 className="library-title">Unsubscribe from all newsletters</h1>
      {done ? (
        <p role="status">You've been unsubscribed. It may take up to 24 hours to take effect.</p>
      ) : (
        <>
          <p className="muted">You will no longer get an email when the writers you subscribed to publish.</p>
          <button type="button" className="button button-dark" disabled={busy} onClick={() => void leave()}>
            Unsubscribe from all newsletters
          </button>
        </>
      )}
    </section>
  );
}

export const unsubscribeAllNewslettersPage: PageDefinition<UnsubscribeAllPageData> = {
  query: () => ({ query: UnsubscribeAllPageQuery, variables: {} }),
  title: (_data, state) => `Unsubscribe from newsletters – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <UnsubscribeAll viewerId={data.viewer.id} /> : <SignedOutNotice what="your newsletters" />),
};
