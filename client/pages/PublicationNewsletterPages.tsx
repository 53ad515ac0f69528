// Publication newsletters (issue 12; docs/newsletters.md "Publication newsletters"):
// - publication-newsletter-promotion (/{collectionSlug}/newsletters/{newsletterSlug}): the
//   newsletter's public page, Subscribe / Unsubscribe with the spec's toasts
//   (docs/product/2-sign-in-notices-cache-routing.md §4.4: NEWSLETTER_SUBSCRIBE for a COLLECTION,
//   "You've signed up for {name}", with Unsubscribe; NEWSLETTER_UNSUBSCRIBE).
// - publication-newsletter-settings (/{collectionSlug}/new-newsletter and …/newsletters/{slug}/settings):
//   editors create the publication's one newsletter, or see it with its subscriber count. Anyone
//   else gets the 404 page, as on every management page of a publication.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { Link } from '../app/navigation.tsx';
import { useSignInPrompt } from '../components/header/sign-in-prompt.tsx';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import {
  CreatePublicationNewsletterMutation,
  PublicationNewsletterPageQuery,
  SubscribeToPublicationNewsletterMutation,
  UnsubscribeFromPublicationNewsletterMutation,
  UpdatePublicationNewsletterMutation,
  type PublicationNewsletterPageData,
} from './PublicationNewsletterPages.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { PageNotFound } from '../components/PageNotFound.tsx';

type Collection = NonNullable<PublicationNewsletterPageData['collection']>;
type Newsletter = NonNullable<Collection['newsletter']>;

const newsletterPath = (collection: Collection, newsletter: { slug: string }) => `/${collection.slug}/newsletters/${newsletter.slug}`;

function SubscribeCard({ collection, newsletter, signedIn }: { collection: Collection; newsletter: Newsletter; signedIn: boolean }) {
  const { showToast } = useToast();
  const openSignIn = useSignInPrompt();
  const [, subscribe] = useMutation(SubscribeToPublicationNewsletterMutation);
  const [, unsubscribe] = useMutation(UnsubscribeFromPublicationNewsletterMutation);
  const [subscribed, setSubscribed] = useState(newsletter.viewerIsSubscribed === true);
  const [busy, setBusy] = useState(false);
  const failed = (outcome: { message?: string } | undefined) => showToast({ style: 'ERROR', message: outcome?.message ?? 'Something went wrong. Please try again.' });

  const leave = async () => {
    setBusy(true);
    const outcome = (await unsubscribe({ newsletterId: newsletter.id })).data?.unsubscribeFromPublicationNewsletter;
    setBusy(false);
    if (outcome?.__typename === 'PublicationNewsletter') {
      setSubscribed(false);
      showToast({ style: 'NEWSLETTER_UNSUBSCRIBE' });
    } else failed(outcome);
  };

  const join = async () => {
    if (!signedIn) {
      openSignIn({ operation: 'register', susiEntry: 'follow_profile' });
      return;
    }
    setBusy(true);
    const outcome = (await subscribe({ newsletterId: newsletter.id })).data?.subscribeToPublicationNewsletter;
    setBusy(false);
    if (outcome?.__typename === 'PublicationNewsletter') {
      setSubscribed(true);
      showToast({ style: 'NEWSLETTER_SUBSCRIBE', extraParams: { name: newsletter.name, entityType: 'COLLECTION', onUnsubscribe: () => void leave() } });
    } else failed(outcome);
  };

  return (
    <section className="newsletter-card" aria-label={newsletter.name}>
      <p className="muted">
        A newsletter from <Link href={`/${collection.slug}`}>{collection.name}</Link>
      </p>
      <h1 className="newsletter-title">{newsletter.name}</h1>
      {newsletter.description ? <p className="muted">{newsletter.description}</p> : null}
      {subscribed ? (
        <button type="button" className="button" disabled={busy} onClick={() => void leave()}>
          Unsubscribe
        </button>
      ) : (
        <button type="button" className="button button-dark" disabled={busy} onClick={() => void join()}>
          Subscribe
        </button>
      )}
      {subscribed ? (
        <p className="muted" role="status">
          You've signed up for {newsletter.name}.
        </p>
      ) : null}
      {/* Consent for the subscriber export (docs/newsletters.md "Subscriber export"). */}
      <p className="muted newsletter-consent">The editors of {collection.name} will see your email address.</p>
    </section>
  );
}

export const publicationNewsletterPage: PageDefinition<PublicationNewsletterPageData> = {
  // The slug is a filter: another slug than the publication's newsletter's is the 404 page.
  query: (params) => ({ query: PublicationNewsletterPageQuery, variables: { slug: params.collectionSlug ?? '', newsletterSlug: params.newsletterSlug ?? '' } }),
  status: (data) => (data.collection?.newsletter ? 200 : 404),
  title: (data, state) => (data?.collection?.newsletter ? `${data.collection.newsletter.name} – ${state.config.productName}` : `Not found – ${state.config.productName}`),
  Component: ({ data }) => {
    const newsletter = data.collection?.newsletter;
    return data.collection && newsletter ? <SubscribeCard collection={data.collection} newsletter={newsletter} signedIn={data.viewer !== null} /> : <PageNotFound />;
  },
};

function NewNewsletterForm({ collection }: { collection: Collection }) {
  const [, create] = useMutation(CreatePublicationNewsletterMutation);
  const [name, setName] = useState(`${collection.name} newsletter`);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await create({ collectionId: collection.id, name, description })).data?.createPublicationNewsletter;
    if (outcome?.__typename === 'PublicationNewsletter') {
      window.location.assign(newsletterPath(collection, outcome));
      return;
    }
    setError(outcome && 'message' in outcome ? outcome.message : 'The newsletter could not be created. Please try again.');
  };
  return (
    <form className="editor-page publish-options" onSubmit={(e) => void submit(e)}>
      <h1>New newsletter for {collection.name}</h1>
      <p className="muted">Readers subscribe to it; the stories you publish in {collection.name} with "Send to subscribers" reach them by email.</p>
      <label className="publish-field">
        Name
        <input value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="publish-field">
        Description
        <input value={description} maxLength={280} onChange={(e) => setDescription(e.target.value)} />
      </label>
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="publish-actions">
        <button type="submit" className="button button-primary">
          Create newsletter
        </button>
      </div>
    </form>
  );
}

/** The newsletter's name and description, editable by its publication's editors. */
function NewsletterTextForm({ newsletter }: { newsletter: Newsletter }) {
  const [, update] = useMutation(UpdatePublicationNewsletterMutation);
  const { showToast } = useToast();
  const [name, setName] = useState(newsletter.name);
  const [description, setDescription] = useState(newsletter.description);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const outcome = (await update({ newsletterId: newsletter.id, name, description })).data?.updatePublicationNewsletter;
    if (outcome?.__typename === 'PublicationNewsletter') showToast({ style: 'MESSAGE', message: 'Your newsletter was saved.' });
    else setError(outcome && 'message' in outcome ? outcome.message : 'The newsletter could not be saved. Please try again.');
  };
  return (
    <form className="publish-options" onSubmit={(e) => void submit(e)} data-testid="newsletter-text-form">
      <label className="publish-field">
        Name
        <input value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="publish-field">
        Description
        <input value={description} maxLength={280} onChange={(e) => setDescription(e.target.value)} />
      </label>
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="publish-actions">
        <button type="submit" className="button button-primary">
          Save
        </button>
      </div>
    </form>
  );
}

export const publicationNewsletterSettingsPage: PageDefinition<PublicationNewsletterPageData> = {
  query: (params) => ({ query: PublicationNewsletterPageQuery, variables: { slug: params.collectionSlug ?? '', newsletterSlug: params.newsletterSlug ?? null } }),
  status: (data) => (data.collection?.viewerIsEditor ? 200 : 404),
  title: (data, state) => `Newsletter${data?.collection ? ` – ${data.collection.name}` : ''} – ${state.config.productName}`,
  Component: ({ data }) => {
    const collection = data.collection;
    if (!collection?.viewerIsEditor) return <PageNotFound />;
    const newsletter = collection.newsletter;
    if (!newsletter) return <NewNewsletterForm collection={collection} />;
    return (
      <div className="editor-page">
        <h1>{newsletter.name}</h1>
        <NewsletterTextForm newsletter={newsletter} />
        <p data-testid="newsletter-subscribers">
          {newsletter.subscriberCount ?? 0} {newsletter.subscriberCount === 1 ? 'subscriber' : 'subscribers'}
        </p>
        <p>
          <Link href={newsletterPath(collection, newsletter)}>The newsletter's page</Link>
        </p>
      </div>
    );
  },
};
