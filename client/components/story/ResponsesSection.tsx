// Threaded responses under a story (docs/product/2-sign-in-notices-cache-routing.md §3, §4.4, §8),
// or under a list (docs/product/2-sign-in-notices-cache-routing.md §3 Catalog, §7): the section
// takes a `parent` of kind post or catalog. The first page comes with the page's data; "See more
// responses" pages on with RefetchThreadedPostResponsesQuery (a list:
// RefetchThreadedCatalogResponsesQuery) and appends (de-duplicated by id). Replies to a story's
// response open under it on demand, or at once when the response is the page's focus; a list's
// responses take no replies. The parent's author can hide a response (HIDE_POST_RESPONSE toast,
// Undo → UnhidePostResponseOnParentPost; a list: HIDE_CATALOG_RESPONSE, Undo →
// ShowCatalogResponseOnParent). Every mutation here answers a Post or a Catalog, so urql refetches
// the page's data and open threads: the list updates.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useClient, useMutation, useQuery, type Client } from 'urql';
import { formatCount, formatDate } from '../../../shared/format.ts';
import { Link } from '../../app/navigation.tsx';
import { profileHref, storyHref } from '../../app/hrefs.ts';
import {
  HidePostResponseOnParentPost,
  RefetchThreadedPostResponsesQuery,
  RESPONSES_PAGE_LIMIT,
  UnhidePostResponseOnParentPost,
  type PostResponse,
  type ThreadedResponses,
} from './ResponsesSection.graphql.ts';
import { HideCatalogResponseOnParent, RefetchThreadedCatalogResponsesQuery, ShowCatalogResponseOnParent } from '../lists/CatalogResponses.graphql.ts';
import { useViewerSession } from '../header/viewer-session.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { Avatar } from '../Avatar.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { ClapButton } from './ClapButton.tsx';
import { ResponseEditor } from './ResponseEditor.tsx';
import { StoryBody } from './StoryBody.tsx';

export type ResponseSortType = 'NEWEST' | 'MOST_RELEVANT';

/** What responses answer: a story (or a response) or a list, and who may hide them. */
export interface ResponseParent {
  kind: 'post' | 'catalog';
  id: string;
  creatorId: string;
}

/** A page of the parent's responses after `paging` (null when the parent is gone). */
async function fetchResponsePage(client: Client, parent: ResponseParent, paging: { limit: number; to?: string }, requestPolicy?: 'network-only'): Promise<ThreadedResponses | null> {
  if (parent.kind === 'catalog') {
    const result = await client
      .query(RefetchThreadedCatalogResponsesQuery, { catalogId: parent.id, catalogResponsesPagingOptions: paging, sortType: 'NEWEST' }, { requestPolicy })
      .toPromise();
    return result.data?.catalog?.threadedCatalogResponses ?? null;
  }
  const result = await client
    .query(RefetchThreadedPostResponsesQuery, { postId: parent.id, postResponsesPaging: paging, sortType: 'NEWEST' }, { requestPolicy })
    .toPromise();
  return result.data?.post?.threadedPostResponses ?? null;
}

/** The responses of a first page plus those paged in after it, each once. */
export function mergeResponsePages(first: readonly PostResponse[], later: readonly PostResponse[]): PostResponse[] {
  const seen = new Set(first.map((p) => p.id));
  return [...first, ...later.filter((p) => !seen.has(p.id) && (seen.add(p.id), true))];
}

function useHideResponse(parent: ResponseParent) {
  const { showToast } = useToast();
  const client = useClient();
  const [, hidePostResponse] = useMutation(HidePostResponseOnParentPost);
  const [, unhidePostResponse] = useMutation(UnhidePostResponseOnParentPost);
  const [, hideCatalogResponse] = useMutation(HideCatalogResponseOnParent);
  const [, showCatalogResponse] = useMutation(ShowCatalogResponseOnParent);
  const onList = parent.kind === 'catalog';
  const hide = (responseId: string) =>
    onList ? hideCatalogResponse({ parentCatalogId: parent.id, catalogResponseId: responseId }) : hidePostResponse({ parentPostId: parent.id, postResponseId: responseId });
  const unhide = (responseId: string) =>
    onList ? showCatalogResponse({ parentCatalogId: parent.id, catalogResponseId: responseId }) : unhidePostResponse({ parentPostId: parent.id, postResponseId: responseId });
  return async (postResponseId: string) => {
    const result = await hide(postResponseId);
    if (result.error) {
      showToast({ style: 'ERROR', message: result.error.graphQLErrors[0]?.message ?? 'The response could not be hidden.' });
      return;
    }
    showToast({
      style: onList ? 'HIDE_CATALOG_RESPONSE' : 'HIDE_POST_RESPONSE',
      extraParams: {
        postId: postResponseId,
        onUndo: async () => {
          const undone = await unhide(postResponseId);
          if (undone.error) {
            showToast({ style: 'ERROR', message: undone.error.graphQLErrors[0]?.message ?? 'The response could not be shown again.' });
            return;
          }
          // docs/product/2-sign-in-notices-cache-routing.md §4.4: Undo unhides and refetches the
          // responses.
          await fetchResponsePage(client, parent, { limit: RESPONSES_PAGE_LIMIT }, 'network-only');
        },
      },
    });
  };
}

function ResponseItem({
  response,
  parent,
  onHide,
}: {
  response: PostResponse;
  parent: ResponseParent;
  onHide: (id: string) => void;
}) {
  // Responses on a list are flat: no replies under them.
  const takesReplies = parent.kind === 'post';
  const { viewer } = useViewerSession();
  const ctx = useLinkContext();
  const [showReplies, setShowReplies] = useState(false);
  const [replying, setReplying] = useState(false);
  const replies = response.postResponses.count;
  return (
    <article className="response" data-testid="response" data-post-id={response.id}>
      <header className="response-byline">
        <Link href={profileHref(response.creator, ctx)}>
          <Avatar name={response.creator.name} imageId={response.creator.imageId} size={32} />
        </Link>
        <div className="response-byline-text">
          <Link href={profileHref(response.creator, ctx)} className="response-author">
            {response.creator.name}
          </Link>
          {response.firstPublishedAt ? (
            <Link href={storyHref(response, ctx)} className="muted response-date">
              <time dateTime={new Date(response.firstPublishedAt).toISOString()}>{formatDate(response.firstPublishedAt)}</time>
            </Link>
          ) : null}
        </div>
        {viewer?.id === parent.creatorId ? (
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
        {takesReplies && replies > 0 ? (
          <button type="button" className="button button-text" aria-expanded={showReplies} onClick={() => setShowReplies((open) => !open)}>
            {showReplies ? 'Hide replies' : `${formatCount(replies)} ${replies === 1 ? 'reply' : 'replies'}`}
          </button>
        ) : null}
        {takesReplies ? (
          <button type="button" className="button button-text" onClick={() => setReplying(true)}>
            Reply
          </button>
        ) : null}
      </footer>
      {replying ? (
        <ResponseEditor
          parent={{ kind: 'post', id: response.id }}
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
          <ResponseThread parent={{ kind: 'post', id: response.id, creatorId: response.creator.id }} />
        </div>
      ) : null}
    </article>
  );
}

/** A list of responses with "See more responses"; `first` is the first page when it came with the page. */
function ResponseList({ parent, first }: { parent: ResponseParent; first: ThreadedResponses }) {
  const [later, setLater] = useState<PostResponse[]>([]);
  const [next, setNext] = useState(first.pagingInfo.next);
  const [loadingMore, setLoadingMore] = useState(false);
  const client = useClient();
  const onHide = useHideResponse(parent);

  // A fresh first page (after a response was written, hidden or shown again) starts the list over.
  useEffect(() => {
    setLater([]);
    setNext(first.pagingInfo.next);
  }, [first]);

  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    const page = await fetchResponsePage(client, parent, { limit: next.limit, to: next.to });
    setLoadingMore(false);
    if (!page) return;
    setLater((items) => [...items, ...page.posts]);
    setNext(page.pagingInfo.next);
  };

  const responses = mergeResponsePages(first.posts, later);
  return (
    <div className="response-list">
      {responses.map((response) => (
        <ResponseItem key={response.id} response={response} parent={parent} onHide={(id) => void onHide(id)} />
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
export function ResponseThread({ parent }: { parent: ResponseParent }) {
  const [{ data, fetching, error }] = useQuery({
    query: RefetchThreadedPostResponsesQuery,
    variables: { postId: parent.id, postResponsesPaging: { limit: RESPONSES_PAGE_LIMIT }, sortType: 'NEWEST' },
  });
  const thread = data?.post?.threadedPostResponses;
  if (!thread) {
    return fetching ? <p className="muted">Loading replies…</p> : error ? <p role="alert">The replies could not be loaded.</p> : null;
  }
  return <ResponseList parent={parent} first={thread} />;
}

export interface ResponsesSectionProps {
  /** The story (or response) or the list the responses answer. */
  parent: ResponseParent;
  /** Responses the parent shows (postResponses.count, Catalog.responsesCount). */
  count: number;
  /** The parent's author closed discussion: no editor, the notice instead. */
  responsesLocked: boolean;
  /** The first page, which came with the page's data. */
  first: ThreadedResponses;
  /** Shown under the heading (the list creator's discussion switch). */
  children?: ReactNode;
  /**
   * The page is a response itself (a focused reply): its replies are its thread, and the
   * editor shows at once only when there are none yet.
   */
  focused?: boolean;
  /** The responses page (/p/{postId}/responses): brought into view once hydrated. */
  scrollIntoView?: boolean;
}

export function ResponsesSection({ parent, count, responsesLocked, first, children, focused = false, scrollIntoView = false }: ResponsesSectionProps) {
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
      {children}
      {responsesLocked ? (
        <p className="responses-closed muted">{`The author has closed discussion for this ${parent.kind === 'catalog' ? 'list' : 'story'}.`}</p>
      ) : editorOpen ? (
        <ResponseEditor parent={parent} placeholder={focused ? 'Write a reply' : 'What are your thoughts?'} />
      ) : (
        <button type="button" className="button button-outline" onClick={() => setEditorOpen(true)}>
          Reply
        </button>
      )}
      <ResponseList parent={parent} first={first} />
    </section>
  );
}
