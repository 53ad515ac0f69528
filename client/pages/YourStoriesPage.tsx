// your-stories (/me/stories, /me/stories/{filterBy}; docs/product/2-sign-in-notices-cache-routing.md
// §2.3): the writer's stories, one list per tab: Drafts, Published (public and member-only),
// Unlisted, Responses, each with Edit, Delete (the MOVE_POST_TO_TRASH toast) and, for published
// ones, Unpublish (back to Drafts); and the deleted view (filterBy=deleted): the trash, with when
// each story is permanently deleted and "Restore" (UndeletePostMutation). /me/stories shows the
// drafts, as the avatar menu's "Stories" link (/me/stories/drafts) does.
//
// After a restore the browser goes to the deleted view with undeletedPost, undeletedPostId,
// undeletedPostTitle and tab (docs/product/2-sign-in-notices-cache-routing.md §2.3, §7), a full
// load so the lists are fresh; that view then shows the UNDELETE_POST toast, whose Undo trashes the
// story again and reloads.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { yourStoriesUrl } from '../../shared/urls/me-urls.ts';
import { Link, useNavigation } from '../app/navigation.tsx';
import { StoryCard } from '../components/StoryCard.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { StoryManageLinks } from '../components/story-menu/StoryManageLinks.tsx';
import { DeleteStoryButton } from '../components/story-menu/DeleteStoryButton.tsx';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { DeletePost, UndeletePostMutation } from '../components/story-menu/DeleteStoryButton.graphql.ts';
import { YourStoriesPageQuery, type YourStoriesPageData } from './YourStoriesPage.graphql.ts';
import { UnpublishPostMutation } from './EditorPage.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

type Viewer = NonNullable<YourStoriesPageData['viewer']>;

/** Restored stories go back to the published tab. */
const RESTORED_TAB = 'public';

const TABS = [
  { filter: 'drafts', label: 'Drafts', query: 'DRAFTS', empty: 'You have no drafts.' },
  { filter: 'public', label: 'Published', query: 'PUBLIC', empty: "You haven't published any stories yet." },
  { filter: 'unlisted', label: 'Unlisted', query: 'UNLISTED', empty: 'You have no unlisted stories.' },
  { filter: 'responses', label: 'Responses', query: 'RESPONSES', empty: "You haven't written any responses yet." },
  { filter: 'deleted', label: 'Deleted', query: 'DRAFTS', empty: 'No deleted stories.' },
] as const;
type Tab = (typeof TABS)[number];

function tabOf(filterBy: string | undefined): Tab {
  return TABS.find((t) => t.filter === filterBy) ?? TABS[0];
}

function Tabs({ current }: { current: Tab }) {
  const ctx = useLinkContext();
  return (
    <nav className="library-tabs" aria-label="Your stories">
      {TABS.map((tab) => (
        <Link
          key={tab.filter}
          href={yourStoriesUrl(tab.filter, ctx)}
          className={current.filter === tab.filter ? 'library-tab is-active' : 'library-tab'}
          aria-current={current.filter === tab.filter ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

type ListedPost = NonNullable<Viewer['yourStoriesConnection']>['posts'][number];

function StoryRow({ post, onGone }: { post: ListedPost; onGone: () => void }) {
  const ctx = useLinkContext();
  const { showToast } = useToast();
  const [, unpublish] = useMutation(UnpublishPostMutation);
  const [busy, setBusy] = useState(false);
  const doUnpublish = async () => {
    setBusy(true);
    const outcome = (await unpublish({ postId: post.id })).data?.unpublishPost;
    setBusy(false);
    if (outcome?.__typename !== 'Post') {
      showToast({ style: 'ERROR', message: outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.' });
      return;
    }
    showToast({ style: 'MESSAGE', message: `“${post.title || 'Untitled story'}” was unpublished and moved to Drafts.` });
    onGone();
  };
  const when = post.isPublished && post.firstPublishedAt ? `Published ${formatDate(post.firstPublishedAt)}` : `Last edited ${formatDate(post.updatedAt)}`;
  return (
    <div className="library-item your-story" data-post-id={post.id}>
      <div>
        <h2 className="your-story-title">
          <Link href={post.isPublished ? post.mediumUrl : buildLink('ShowEditPost', { postId: post.id }, ctx)}>{post.title || 'Untitled story'}</Link>
        </h2>
        <p className="muted your-story-meta">
          {when} · {Math.max(1, Math.ceil(post.readingTime))} min read{post.visibility === 'LOCKED' ? ' · Member-only' : ''}
        </p>
      </div>
      <div className="library-item-actions">
        <StoryManageLinks postId={post.id} />
        {post.isPublished ? (
          <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => void doUnpublish()}>
            Unpublish
          </button>
        ) : null}
        <DeleteStoryButton postId={post.id} title={post.title} onDeleted={onGone} onRestored={() => window.location.reload()} />
      </div>
    </div>
  );
}

function StoryList({ viewer, tab }: { viewer: Viewer; tab: Tab }) {
  const [posts, setPosts] = useState(viewer.yourStoriesConnection?.posts ?? []);
  return (
    <section aria-label={`${tab.label} stories`} data-testid={`your-stories-${tab.filter}`}>
      {posts.length === 0 ? <p className="library-empty muted">{tab.empty}</p> : null}
      {posts.map((post) => (
        <StoryRow key={post.id} post={post} onGone={() => setPosts((current) => current.filter((p) => p.id !== post.id))} />
      ))}
    </section>
  );
}

function useUndeletedToast() {
  const { location } = useNavigation();
  const { showToast } = useToast();
  const [, deletePost] = useMutation(DeletePost);
  const shown = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const postId = query.get('undeletedPostId');
    if (shown.current || query.get('undeletedPost') !== 'true' || !postId) return;
    shown.current = true;
    showToast({
      style: 'UNDELETE_POST',
      extraParams: {
        postId,
        name: query.get('undeletedPostTitle') ?? '',
        tab: query.get('tab') === RESTORED_TAB ? 'Published' : (query.get('tab') ?? 'your stories'),
        onUndo: () => deletePost({ targetPostId: postId }),
      },
    });
  }, [location.search, showToast, deletePost]);
}

function Deleted({ viewer }: { viewer: Viewer }) {
  const ctx = useLinkContext();
  const { showToast } = useToast();
  const [, undelete] = useMutation<{ undeletePost: { __typename: string; title?: string; message?: string } }>(UndeletePostMutation);
  const [busy, setBusy] = useState<string | null>(null);
  const items = viewer.trashedPostsConnection?.items ?? [];
  useUndeletedToast();

  const restore = async (postId: string, title: string) => {
    setBusy(postId);
    const result = (await undelete({ targetPostId: postId })).data?.undeletePost;
    setBusy(null);
    if (result?.__typename !== 'Post') {
      showToast({ style: 'ERROR', message: result?.message ?? 'Something went wrong. Please try again.' });
      return;
    }
    window.location.assign(
      yourStoriesUrl('deleted', ctx, { undeletedPost: 'true', undeletedPostId: postId, undeletedPostTitle: result.title ?? title, tab: RESTORED_TAB }),
    );
  };

  return (
    <section aria-label="Deleted stories" data-testid="deleted-stories">
      <p className="muted">Deleted stories are kept here for 14 days, then permanently deleted.</p>
      {items.length === 0 ? <p className="library-empty muted">No deleted stories.</p> : null}
      {items.map((item) => (
        <div key={item.id} className="library-item" data-post-id={item.id}>
          <StoryCard post={item.post} />
          <div className="library-item-actions muted">
            <span>
              Deleted {formatDate(item.deletedAt)} · permanently deleted on {formatDate(item.purgeAt)}
            </span>
            <button type="button" className="button button-outline button-small" disabled={busy === item.id} onClick={() => void restore(item.id, item.post.title)}>
              Restore
            </button>
          </div>
        </div>
      ))}
      <p className="muted">
        <Link href={buildLink('ShowYourStoriesIndex', {}, ctx)}>Back to your stories</Link>
      </p>
    </section>
  );
}

export const yourStoriesPage: PageDefinition<YourStoriesPageData> = {
  query: (params) => {
    const tab = tabOf(params.filterBy);
    return { query: YourStoriesPageQuery, variables: { paging: { limit: 50 }, filter: tab.query, deleted: tab.filter === 'deleted' } };
  },
  title: (_data, state) => `Your stories – ${state.config.productName}`,
  Component: ({ data, params }) => {
    if (!data.viewer) return <SignedOutNotice what="your stories" />;
    const current = tabOf(params.filterBy);
    return (
      <>
        <header className="library-header">
          <h1 className="library-title">Your stories</h1>
          <Tabs current={current} />
        </header>
        {current.filter === 'deleted' ? <Deleted viewer={data.viewer} /> : <StoryList key={current.filter} viewer={data.viewer} tab={current} />}
      </>
    );
  },
};
