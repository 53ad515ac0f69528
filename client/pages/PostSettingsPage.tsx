// post-settings (/p/{postId}/settings; issue 12 item 4): the author's story settings: the
// canonical link (where the story was first published), responses open or closed, member-only
// (for writers allowed behind the paywall), the license (shared/stories/license.ts), and unpublish. Anyone else gets a 404.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { buildLink } from '../../shared/routing/links.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { EditStoryPageQuery, UnpublishPostMutation, UpdatePostSettingsMutation, type EditStoryPageData } from './EditorPage.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { LICENSE_FACTS, POST_LICENSES, type PostLicense } from '../../shared/stories/license.ts';

type Post = NonNullable<EditStoryPageData['post']>;

function SettingsForm({ post, canLock }: { post: Post; canLock: boolean }) {
  const ctx = useLinkContext();
  const { showToast } = useToast();
  const [, update] = useMutation(UpdatePostSettingsMutation);
  const [, unpublish] = useMutation(UnpublishPostMutation);
  const [canonicalUrl, setCanonicalUrl] = useState(post.canonicalUrl ?? '');
  const [responsesLocked, setResponsesLocked] = useState(post.responsesLocked);
  const [memberOnly, setMemberOnly] = useState(post.visibility === 'LOCKED');
  const [license, setLicense] = useState<PostLicense>(post.license);
  const [published, setPublished] = useState(post.isPublished);
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const outcome = (await update({ postId: post.id, canonicalUrl: canonicalUrl.trim() || null, responsesLocked, memberOnly, license })).data?.updatePostSettings;
    if (outcome?.__typename === 'Post') showToast({ style: 'MESSAGE', message: 'Your story settings were saved.' });
    else setError(outcome && 'message' in outcome ? outcome.message : 'Your settings could not be saved. Please try again.');
  };
  const doUnpublish = async () => {
    const outcome = (await unpublish({ postId: post.id })).data?.unpublishPost;
    if (outcome?.__typename === 'Post') {
      setPublished(false);
      showToast({ style: 'MESSAGE', message: `“${post.title || 'Untitled story'}” was unpublished and moved to Drafts.` });
    } else setError(outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.');
  };

  return (
    <form className="editor-page publish-options" onSubmit={(e) => void save(e)}>
      <h1>Story settings</h1>
      <p className="muted">{post.title || 'Untitled story'}</p>
      <label className="publish-field">
        Canonical link: where this story was first published
        <input type="url" value={canonicalUrl} placeholder="https://…" onChange={(e) => setCanonicalUrl(e.target.value)} />
      </label>
      <label className="publish-check">
        <input type="checkbox" checked={responsesLocked} onChange={(e) => setResponsesLocked(e.target.checked)} />
        Close responses: readers cannot respond to this story
      </label>
      <label className="publish-field">
        License: what readers may do with this story
        <select value={license} onChange={(e) => setLicense(e.target.value as PostLicense)} data-testid="post-license">
          {POST_LICENSES.map((value) => (
            <option key={value} value={value}>
              {LICENSE_FACTS[value].label}
            </option>
          ))}
        </select>
      </label>
      {canLock || post.visibility === 'LOCKED' ? (
        <label className="publish-check">
          <input type="checkbox" checked={memberOnly} onChange={(e) => setMemberOnly(e.target.checked)} disabled={!canLock && !memberOnly} />
          Member-only: only members can read it in full
        </label>
      ) : null}
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="publish-actions">
        <button type="submit" className="button button-primary">
          Save
        </button>
        <a className="button button-outline" href={buildLink('ShowEditPost', { postId: post.id }, ctx)}>
          Edit story
        </a>
        <a className="button button-outline" href={buildLink('ShowPostDeltas', { postId: post.id }, ctx)}>
          Story history
        </a>
        {published ? (
          <button type="button" className="button button-outline" onClick={() => void doUnpublish()}>
            Unpublish
          </button>
        ) : null}
      </div>
    </form>
  );
}

export const postSettingsPage: PageDefinition<EditStoryPageData> = {
  query: (params) => ({ query: EditStoryPageQuery, variables: { postId: postIdFromParam(params.postId ?? '') ?? params.postId ?? '', rev: null } }),
  status: (data) => (data.viewer && (!data.post || !data.post.draft) ? 404 : 200),
  title: (_data, state) => `Story settings – ${state.config.productName}`,
  Component: ({ data }) => {
    if (!data.viewer) return <SignedOutNotice what="your story's settings" />;
    if (!data.post?.draft) {
      return (
        <div className="editor-page">
          <h1>Story not found</h1>
          <p className="muted">This story does not exist, or it is not yours.</p>
        </div>
      );
    }
    return <SettingsForm post={data.post} canLock={data.viewer.canMakeStoriesMemberOnly === true} />;
  },
};
