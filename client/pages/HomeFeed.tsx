// One tab of the logged-in home: a list of stories with infinite paging. The first page
// comes with the page (server-rendered) or, for a tab opened later, from HomeFeedQuery;
// later pages follow pagingInfo.next when the end of the list scrolls into view
// (IntersectionObserver), or when the reader presses "Show more" (the fallback where
// observers do not run). Pages append de-duplicated by story id.
//
// Stories of writers and publications the reader mutes on this page leave the list at
// once (the follow store), without waiting for the server's next page. "Show less like this"
// takes one story off at once and raises USER_NEGATIVE_SIGNAL, whose Undo brings it back
// (docs/product/2-sign-in-notices-cache-routing.md §4.4).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useClient } from 'urql';
import { HomeFeedQuery, ShowLessLikeThis, UndoShowLessLikeThis, type FeedPage } from './HomeFeed.graphql.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { StoryCard, type StoryCardPost } from '../components/StoryCard.tsx';
import { StoryMuteMenu } from '../components/follow/MuteButton.tsx';
import { useFollowStore } from '../components/follow/FollowStoreProvider.tsx';
import { edgeKey, effectiveMuting } from '../components/follow/follow-store.ts';
import { storyHref } from '../app/hrefs.ts';
import { useLinkContext } from '../components/header/link-context.ts';

export type HomeFeedMode = 'FOR_YOU' | 'FOLLOWING';
export const HOME_FEED_PAGE_SIZE = 10;

/** Appends a page, keeping the first copy of a story that appears twice. */
export function appendPage(posts: readonly StoryCardPost[], page: FeedPage): StoryCardPost[] {
  const seen = new Set(posts.map((post) => post.id));
  const merged = [...posts];
  for (const { post } of page.items) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    merged.push(post);
  }
  return merged;
}

export function HomeFeed({ mode, firstPage, empty }: { mode: HomeFeedMode; firstPage?: FeedPage; empty: ReactNode }) {
  const client = useClient();
  const { state } = useFollowStore();
  const [posts, setPosts] = useState<StoryCardPost[]>(() => (firstPage ? appendPage([], firstPage) : []));
  const [next, setNext] = useState<FeedPage['pagingInfo']['next']>(firstPage ? firstPage.pagingInfo.next : null);
  const [loading, setLoading] = useState(!firstPage);
  const [failed, setFailed] = useState(false);
  const [started, setStarted] = useState(Boolean(firstPage));
  const inFlight = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const { showToast } = useToast();
  const [shownLess, setShownLess] = useState<ReadonlySet<string>>(() => new Set());
  const markShownLess = (postId: string, on: boolean) =>
    setShownLess((current) => {
      const next = new Set(current);
      if (on) next.add(postId);
      else next.delete(postId);
      return next;
    });
  const showLess = async (postId: string) => {
    markShownLess(postId, true);
    const result = await client.mutation(ShowLessLikeThis, { targetPostId: postId }).toPromise();
    if (result.data?.showLessLikeThis.__typename !== 'NegativeSignal') {
      markShownLess(postId, false);
      showToast({ style: result.error ? 'RETRYABLE_ERROR' : 'ERROR', message: result.data?.showLessLikeThis.__typename === 'NotFound' ? result.data.showLessLikeThis.message : '' });
      return;
    }
    showToast({
      style: 'USER_NEGATIVE_SIGNAL',
      extraParams: {
        onUndo: async () => {
          const undone = await client.mutation(UndoShowLessLikeThis, { targetPostId: postId }).toPromise();
          if (undone.data?.undoShowLessLikeThis.__typename === 'NegativeSignal') markShownLess(postId, false);
        },
      },
    });
  };

  const load = useCallback(
    async (paging: { limit: number; to?: string }) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setLoading(true);
      setFailed(false);
      const result = await client
        .query(HomeFeedQuery, { mode, paging }, { requestPolicy: paging.to ? 'cache-first' : 'network-only' })
        .toPromise();
      inFlight.current = false;
      setLoading(false);
      setStarted(true);
      if (!result.data) {
        setFailed(true);
        return;
      }
      const page = result.data.homeFeed;
      setPosts((current) => appendPage(current, page));
      setNext(page.pagingInfo.next);
    },
    [client, mode],
  );

  // A tab opened after the page loaded fetches its first page.
  useEffect(() => {
    if (!firstPage) void load({ limit: HOME_FEED_PAGE_SIZE });
  }, [firstPage, load]);

  const loadMore = useCallback(() => {
    if (next) void load({ limit: next.limit, to: next.to });
  }, [next, load]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !next || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [next, loadMore]);

  const visible = posts.filter(
    (post) =>
      !shownLess.has(post.id) &&
      !effectiveMuting(state, edgeKey('USER', post.creator.id), false) &&
      !(post.collection && effectiveMuting(state, edgeKey('COLLECTION', post.collection.id), false)),
  );

  // The first story on this site is the likeliest next page: it preloads on render, the others on
  // hover or focus (a story on a writer's own domain is a full navigation: nothing to preload).
  const linkContext = useLinkContext();
  const preloaded = visible.findIndex((post) => storyHref(post, linkContext).startsWith('/'));

  return (
    <section className="home-feed" aria-label={mode === 'FOR_YOU' ? 'Stories for you' : 'Stories from people you follow'} data-feed={mode} aria-busy={loading}>
      {visible.map((post, index) => (
        <div key={post.id} className="home-feed-item">
          <StoryCard post={post} preloadOnRender={index === preloaded} />
          <StoryMuteMenu
            writer={{ kind: 'USER', id: post.creator.id, name: post.creator.name }}
            publication={post.collection ? { kind: 'COLLECTION', id: post.collection.id, name: post.collection.name } : null}
            onShowLess={() => void showLess(post.id)}
          />
        </div>
      ))}
      {started && !loading && !failed && visible.length === 0 ? <div className="home-feed-empty">{empty}</div> : null}
      {failed ? (
        <p className="home-feed-error" role="alert">
          Something went wrong loading stories.{' '}
          <button type="button" className="link-button" onClick={() => (next ? loadMore() : void load({ limit: HOME_FEED_PAGE_SIZE }))}>
            Try again
          </button>
        </p>
      ) : null}
      <div ref={sentinel} className="home-feed-sentinel" aria-hidden="true" />
      {next && !failed ? (
        <div className="home-feed-more">
          <button type="button" className="button button-outline" onClick={loadMore} disabled={loading}>
            {loading ? 'Loading…' : 'Show more'}
          </button>
        </div>
      ) : loading ? (
        <div className="page-loading" aria-busy="true" />
      ) : null}
    </section>
  );
}
