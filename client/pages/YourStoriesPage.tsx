// your-stories (/me/stories, /me/stories/{filterBy}): the writer's published stories, each
// with "Delete story", and the deleted view (filterBy=deleted): the trash, with when each
// story is permanently deleted and "Restore" (UndeletePostMutation).
//
// After a restore the browser goes to the deleted view with undeletedPost, undeletedPostId,
// undeletedPostTitle and tab (docs/product/2-sign-in-notices-cache-routing.md §2.3, §7), a full
// load so the lists are fresh; that view then shows the UNDELETE_POST toast, whose Undo trashes the
// story again and reloads. Drafts, responses and unlisted tabs belong to the editor's work and are
// not listed here: any other filterBy shows the published stories.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { yourStoriesUrl } from '../../shared/urls/me-urls.ts';
import { Link, useNavigation } from '../app/navigation.tsx';
import { StoryCard } from '../components/StoryCard.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { DeleteStoryButton } from '../components/story-menu/DeleteStoryButton.tsx';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { DeletePost, UndeletePostMutation, YourStoriesPageQuery, type YourStoriesPageData } from '../graphql/library.ts';
import type { PageDefinition } from './page-definition.ts';

type Viewer = NonNullable<YourStoriesPageData['viewer']>;

/** Restored stories go back to the published tab. */
const RESTORED_TAB = 'public';

function Tabs({ current }: { current: 'public' | 'deleted' }) {
  const ctx = useLinkContext();
  return (
    <nav className="library-tabs" aria-label="Your stories">
      <Link href={yourStoriesUrl('public', ctx)} className={current === 'public' ? 'library-tab is-active' : 'library-tab'}>
        Published
      </Link>
      <Link href={yourStoriesUrl('deleted', ctx)} className={current === 'deleted' ? 'library-tab is-active' : 'library-tab'}>
        Deleted
      </Link>
    </nav>
  );
}

function Published({ viewer }: { viewer: Viewer }) {
  const [posts, setPosts] = useState(viewer.postsConnection.posts);
  return (
    <section aria-label="Published stories">
      {posts.length === 0 ? <p className="library-empty muted">You haven't published any stories yet.</p> : null}
      {posts.map((post) => (
        <div key={post.id} className="library-item" data-post-id={post.id}>
          <StoryCard post={post} />
          <div className="library-item-actions">
            <DeleteStoryButton
              postId={post.id}
              title={post.title}
              onDeleted={() => setPosts((current) => current.filter((p) => p.id !== post.id))}
              onRestored={() => window.location.reload()}
            />
          </div>
        </div>
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
  query: () => ({ query: YourStoriesPageQuery, variables: { paging: { limit: 50 } } }),
  title: (_data, state) => `Your stories – ${state.config.productName}`,
  Component: ({ data, params }) => {
    if (!data.viewer) return <SignedOutNotice what="your stories" />;
    const current = params.filterBy === 'deleted' ? 'deleted' : 'public';
    return (
      <>
        <header className="library-header">
          <h1 className="library-title">Your stories</h1>
          <Tabs current={current} />
        </header>
        {current === 'deleted' ? <Deleted viewer={data.viewer} /> : <Published viewer={data.viewer} />}
      </>
    );
  },
};
