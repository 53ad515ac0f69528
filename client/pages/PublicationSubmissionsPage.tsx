// publication-stories (/{collectionSlug}/submissions, /{collectionSlug}/stories/{filterBy}; issue
// 12 item 7): the stories the publication's writers submitted, for its owner and editors to
// approve (the story joins the publication) or decline. Anyone else gets a 404.
import { useState } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import type { ResultOf } from '../app/graphql.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { PageNotFound } from '../components/PageNotFound.tsx';
import { PublicationSubmissionsPageQuery, ApproveSubmission, DeclineSubmission } from './PublicationSubmissionsPage.graphql.ts';

type Data = ResultOf<typeof PublicationSubmissionsPageQuery>;
type Submission = NonNullable<NonNullable<Data['collection']>['submissions']>[number];

/** The empty queue's words when the page emptied it itself (the server's EmptyQueue says the same). */
const NO_SUBMISSIONS_WAITING = 'No stories are waiting for a decision.';

function Submissions({ name, initial, emptyQueue }: { name: string; initial: Submission[]; emptyQueue: string | null }) {
  const { showToast } = useToast();
  const [items, setItems] = useState(initial);
  const [, approve] = useMutation(ApproveSubmission);
  const [, decline] = useMutation(DeclineSubmission);
  const decideOn = async (item: Submission, approved: boolean) => {
    const result = approved ? (await approve({ postId: item.id })).data?.approveSubmission : (await decline({ postId: item.id })).data?.declineSubmission;
    if (result?.__typename !== 'Post') {
      showToast({ style: 'ERROR', message: result && 'message' in result ? result.message : 'Something went wrong. Please try again.' });
      return;
    }
    setItems((current) => current.filter((i) => i.id !== item.id));
    showToast({ style: 'MESSAGE', message: approved ? `“${item.title}” was added to ${name}.` : `“${item.title}” was declined.` });
  };
  return (
    <section aria-label="Submissions" data-testid="submissions">
      {items.length === 0 ? <p className="library-empty muted">{emptyQueue ?? NO_SUBMISSIONS_WAITING}</p> : null}
      {items.map((item) => (
        <div key={item.id} className="library-item your-story" data-post-id={item.id}>
          <div>
            <h2 className="your-story-title">
              <a href={item.mediumUrl}>{item.title || 'Untitled story'}</a>
            </h2>
            <p className="muted your-story-meta">
              By {item.creator.name}
              {item.latestPublishedAt ? ` · ${formatDate(item.latestPublishedAt)}` : ''}
            </p>
          </div>
          <div className="library-item-actions">
            <button type="button" className="button button-primary button-small" onClick={() => void decideOn(item, true)}>
              Approve
            </button>
            <button type="button" className="button button-outline button-small" onClick={() => void decideOn(item, false)}>
              Decline
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

export const publicationSubmissionsPage: PageDefinition<Data> = {
  query: (params) => ({ query: PublicationSubmissionsPageQuery, variables: { slug: params.collectionSlug ?? '' } }),
  status: (data) => (data.collection?.viewerIsEditor ? 200 : 404),
  title: (data, state) => `Submissions${data?.collection ? ` – ${data.collection.name}` : ''} – ${state.config.productName}`,
  Component: ({ data }) => {
    const collection = data.collection;
    if (!collection?.viewerIsEditor) return <PageNotFound />;
    return (
      <div className="editor-page">
        <h1>{collection.name}: submissions</h1>
        <Submissions
          name={collection.name}
          initial={collection.submissions ?? []}
          emptyQueue={collection.nextSubmission?.__typename === 'EmptyQueue' ? collection.nextSubmission.message : null}
        />
      </div>
    );
  },
};
