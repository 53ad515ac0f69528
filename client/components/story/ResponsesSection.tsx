// Threaded responses under a story (spec 2 §3, §4.4, §8). The first page comes with the
// page's data; "See more responses" pages on with RefetchThreadedPostResponsesQuery and
// appends (de-duplicated by id). Replies to a response open under it on demand, or at once
// when the response is the page's focus. The parent's author can hide a response
// (HIDE_POST_RESPONSE toast, Undo → UnhidePostResponseOnParentPost). Every mutation here
// answers a Post, so urql refetches the page's data and open threads: the list updates.
import { useEffect, useRef, useState } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { formatCount, formatDate } from '../../../shared/format.ts';
import { Link } from '../../app/navigation.tsx';
import { profileHref, storyHref } from '../../app/hrefs.ts';
import { HidePostResponseOnParentPost, RefetchThreadedPostResponsesQuery, RESPONSES_PAGE_LIMIT, UnhidePostResponseOnParentPost } from '../../graphql/story.ts';
import type { PostResponse, RefetchThreadedPostResponsesData, ThreadedResponses } from '../../graphql/story-types.ts';
import { useViewerSession } from '../header/viewer-session.tsx';
import { Avatar } from '../Avatar.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { ClapButton } from './ClapButton.tsx';
import { ResponseEditor } from './ResponseEditor.tsx';
import { StoryBody } from './StoryBody.tsx';

export type ResponseSortType = 'NEWEST' | 'MOST_RELEVANT';

/** The responses of a first page plus those paged in after it, each once. */
export function mergeResponsePages(first: readonly PostResponse[], later: readonly PostResponse[]): PostResponse[] {
  const seen = new Set(first.map((p) => p.id));
  return [...first, ...later.filter((p) => !seen.has(p.id) && (seen.add(p.id), true))];
}

function useHideResponse(parentPostId: string) {
  const { showToast } = useToast();
  const client = useClient();
  const [, hide] = useMutation(HidePostResponseOnParentPost);
  const [, unhide] = useMutation(UnhidePostResponseOnParentPost);
  return async (postResponseId: string) => {
    const result = await hide({ parentPostId, postResponseId });
    if (result.error) {
      showToast({ style: 'ERROR', message: result.error.graphQLErrors[0]?.message ?? 'The response could not be hidden.' });
      return;
    }
    showToast({
      style: 'HIDE_POST_RESPONSE',
      extraParams: {
        postId: postResponseId,
        onUndo: async () => {
          const undone = await unhide({ parentPostId, postResponseId });
          if (undone.error) {
            showToast({ style: 'ERROR', message: undone.error.graphQLErrors[0]?.message ?? 'The response could not be shown again.' });
            return;
          }
          // Spec 2 §4.4: Undo unhides and refetches the responses.
          await client
            .query(RefetchThreadedPostResponsesQuery, { postId: parentPostId, postResponsesPaging: { limit: RESPONSES_PAGE_LIMIT }, sortType: 'NEWEST' }, { requestPolicy: 'network-only' })
            .toPromise();
        },
      },
    });
  };
}

function ResponseItem({
  response,
  parentCreatorId,
  onHide,
}: {
  response: PostResponse;
  parentCreatorId: string;
  onHide: (id: string) => void;
}) {
  const { viewer } = useViewerSession();
  const [showReplies, setShowReplies] = useState(false);
  const [replying, setReplying] = useState(false);
  const replies = response.postResponses.count;
  return (
    <article className="response" data-testid="response" data-post-id={response.id}>
      <header className="response-byline">
        <Link href={profileHref(response.creator)}>
          <Avatar name={response.creator.name} imageId={response.creator.imageId} size={32} />
        </Link>
        <div>
          <Link href={profileHref(response.creator)} className="response-author">
            {response.creator.name}
          </Link>
          {response.firstPublishedAt ? (
            <Link href={storyHref(response)} className="muted response-date">
              <time dateTime={new Date(response.firstPublishedAt).toISOString()}>{formatDate(response.firstPublishedAt)}</time>
            </Link>
          ) : null}
        </div>
        {viewer?.id === parentCreatorId ? (
          <button type="button" className="button button-text response-hide" onClick={() => onHide(response.id)}>
            Hide response
          </button>
        ) : null}
      </header>
      <div className="response-body">
        <StoryBody paragraphs={response.content.bodyModel.paragraphs} />
      </div>
      <footer className="response-actions">
        <ClapButton postId={response.id} creatorId={response.creator.id} clapCount={response.clapCount} viewerClapCount={response.viewerEdge.clapCount} size="small" />
        {replies > 0 ? (
          <button type="button" className="button button-text" aria-expanded={showReplies} onClick={() => setShowReplies((open) => !open)}>
            {showReplies ? 'Hide replies' : `${formatCount(replies)} ${replies === 1 ? 'reply' : 'replies'}`}
          </button>
        ) : null}
        <button type="button" className="button button-text" onClick={() => setReplying(true)}>
          Reply
        </button>
      </footer>
      {replying ? (
        <ResponseEditor
          inResponseToPostId={response.id}
          placeholder={`Replying to ${response.creator.name}`}
          autoFocus
          onCancel={() => setReplying(false)}
          onPublished={() => {
            setReplying(false);
            setShowReplies(true);
          }}
        />
      ) : null}
      {showReplies ? (
        <div className="response-replies">
          <ResponseThread postId={response.id} parentCreatorId={response.creator.id} />
        </div>
      ) : null}
    </article>
  );
}

/** A list of responses with "See more responses"; `first` is the first page when it came with the page. */
function ResponseList({
  postId,
  parentCreatorId,
  first,
}: {
  postId: string;
  parentCreatorId: string;
  first: ThreadedResponses;
}) {
  const [later, setLater] = useState<PostResponse[]>([]);
  const [next, setNext] = useState(first.pagingInfo.next);
  const [loadingMore, setLoadingMore] = useState(false);
  const client = useClient();
  const onHide = useHideResponse(postId);

  // A fresh first page (after a response was written, hidden or shown again) starts the list over.
  useEffect(() => {
    setLater([]);
    setNext(first.pagingInfo.next);
  }, [first]);

  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    const result = await client
      .query<RefetchThreadedPostResponsesData>(RefetchThreadedPostResponsesQuery, {
        postId,
        postResponsesPaging: { limit: next.limit, to: next.to },
        sortType: 'NEWEST',
      })
      .toPromise();
    setLoadingMore(false);
    const page = result.data?.post?.threadedPostResponses;
    if (!page) return;
    setLater((items) => [...items, ...page.posts]);
    setNext(page.pagingInfo.next);
  };

  const responses = mergeResponsePages(first.posts, later);
  return (
    <div className="response-list">
      {responses.map((response) => (
        <ResponseItem key={response.id} response={response} parentCreatorId={parentCreatorId} onHide={(id) => void onHide(id)} />
      ))}
      {next ? (
        <button type="button" className="button button-outline response-more" disabled={loadingMore} onClick={() => void loadMore()}>
          See more responses
        </button>
      ) : null}
    </div>
  );
}

/** Replies to a response, loaded when opened. */
export function ResponseThread({ postId, parentCreatorId }: { postId: string; parentCreatorId: string }) {
  const [{ data, fetching, error }] = useQuery<RefetchThreadedPostResponsesData>({
    query: RefetchThreadedPostResponsesQuery,
    variables: { postId, postResponsesPaging: { limit: RESPONSES_PAGE_LIMIT }, sortType: 'NEWEST' },
  });
  const thread = data?.post?.threadedPostResponses;
  if (!thread) {
    return fetching ? <p className="muted">Loading replies…</p> : error ? <p role="alert">The replies could not be loaded.</p> : null;
  }
  return <ResponseList postId={postId} parentCreatorId={parentCreatorId} first={thread} />;
}

export interface ResponsesSectionProps {
  post: {
    id: string;
    creatorId: string;
    responsesLocked: boolean;
    postResponses: { count: number };
    threadedPostResponses: ThreadedResponses;
  };
  /**
   * The page is a response itself (a focused reply): its replies are its thread, and the
   * editor shows at once only when there are none yet.
   */
  focused?: boolean;
  /** The responses page (/p/{postId}/responses): brought into view once hydrated. */
  scrollIntoView?: boolean;
}

export function ResponsesSection({ post, focused = false, scrollIntoView = false }: ResponsesSectionProps) {
  const count = post.postResponses.count;
  const [editorOpen, setEditorOpen] = useState(!focused || count === 0);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (scrollIntoView) section.current?.scrollIntoView();
  }, [scrollIntoView]);
  return (
    <section className="responses" id="responses" ref={section} aria-label={focused ? 'Replies' : 'Responses'}>
      <h2 className="responses-heading">
        {focused ? 'Replies' : 'Responses'} ({formatCount(count)})
      </h2>
      {post.responsesLocked ? (
        <p className="responses-closed muted">The author has closed discussion for this story.</p>
      ) : editorOpen ? (
        <ResponseEditor inResponseToPostId={post.id} placeholder={focused ? 'Write a reply' : 'What are your thoughts?'} />
      ) : (
        <button type="button" className="button button-outline" onClick={() => setEditorOpen(true)}>
          Reply
        </button>
      )}
      <ResponseList postId={post.id} parentCreatorId={post.creatorId} first={post.threadedPostResponses} />
    </section>
  );
}
