// post-deltas (/p/{postId}/deltas; issue 12 item 3): the author's story history. Every save is
// a revision (docs/adr/0068-drafts-and-revisions.md); this page lists the kept
// ones, newest first, and "Restore" opens the editor on an earlier one through
// /p/{postId}/revert/{versionId}/{baseRev}, which saves it as the newest revision (based on the
// newest, so a tab that saved meanwhile makes the restore stale instead of losing its text).
// Each revision names who saved it, and "Changes" lists every change (saves, publishing,
// unpublishing, settings) with who made it: the author, or an editor of the story's publication
// (docs/adr/0146-publication-editors-change-stories.md). Anyone else gets a 404: drafts and
// their history are private.
import { buildLink } from '../../shared/routing/links.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { formatDate } from '../../shared/format.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { StoryHistoryPageQuery, type StoryHistoryPageData } from './StoryHistoryPage.graphql.ts';

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "November 22, 2026, 14:05 UTC": the server renders in UTC, so the browser hydrates the same text. */
function savedAt(epochMs: number): string {
  return `${formatDate(epochMs)}, ${TIME_FORMAT.format(new Date(epochMs))} UTC`;
}

type HistoryEntry = NonNullable<NonNullable<StoryHistoryPageData['post']>['history']>[number];

const CHANGE_TEXT: Record<HistoryEntry['change'], string> = {
  saved: 'Saved',
  edited: 'Changed the title',
  published: 'Published',
  republished: 'Published changes',
  unpublished: 'Unpublished',
  settings: 'Changed the settings',
};

const who = (person: { name: string } | null | undefined) => person?.name ?? 'A deleted account';

function History({ post }: { post: NonNullable<StoryHistoryPageData['post']> & { revisions: NonNullable<NonNullable<StoryHistoryPageData['post']>['revisions']> } }) {
  const ctx = useLinkContext();
  const [newest, ...earlier] = post.revisions;
  return (
    <div className="editor-page story-history">
      <h1>Story history</h1>
      <p className="muted">
        {post.title || 'Untitled story'} · every save is kept here
        {post.isPublished ? '; restoring one changes your draft, and readers see it once you publish your changes.' : '.'}
      </p>
      <ol className="story-history-list" data-testid="story-history">
        {newest ? (
          <li data-rev={newest.rev}>
            <span className="story-history-title">{newest.title || 'Untitled story'}</span>
            <span className="muted">{`${savedAt(newest.createdAt)} · ${who(newest.savedBy)}`}</span>
            <span className="story-history-current">Current version</span>
          </li>
        ) : null}
        {earlier.map((revision) => (
          <li key={revision.rev} data-rev={revision.rev}>
            <span className="story-history-title">{revision.title || 'Untitled story'}</span>
            <span className="muted">{`${savedAt(revision.createdAt)} · ${who(revision.savedBy)}`}</span>
            <a
              className="button button-outline button-small"
              href={buildLink('ShowRevertPost', { postId: post.id, versionId: String(revision.rev), baseRev: String(newest!.rev) }, ctx)}
              aria-label={`Restore the version saved ${savedAt(revision.createdAt)}`}
            >
              Restore
            </a>
          </li>
        ))}
      </ol>
      {earlier.length === 0 ? <p className="muted">There are no earlier versions yet: they appear as you edit.</p> : null}
      {post.history && post.history.length > 0 ? (
        <>
          <h2>Changes</h2>
          <ol className="story-history-changes" data-testid="story-changes">
            {post.history.map((entry, index) => (
              <li key={index}>
                <strong>{`${CHANGE_TEXT[entry.change]}${entry.rev !== null && entry.change === 'saved' ? ` (version ${entry.rev})` : ''}`}</strong>
                {` by ${who(entry.actor)}`}
                <span className="muted">{` · ${savedAt(entry.createdAt)}`}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <p>
        <a className="button button-outline" href={buildLink('ShowEditPost', { postId: post.id }, ctx)}>
          Edit story
        </a>
      </p>
    </div>
  );
}

export const storyHistoryPage: PageDefinition<StoryHistoryPageData> = {
  query: (params) => ({ query: StoryHistoryPageQuery, variables: { postId: postIdFromParam(params.postId ?? '') ?? params.postId ?? '' } }),
  status: (data) => (data.viewer && !data.post?.revisions ? 404 : 200),
  title: (data, state) => (data?.post?.revisions ? `Story history – ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: ({ data }) => {
    if (!data.viewer) return <SignedOutNotice what="your story's history" />;
    const post = data.post;
    if (!post?.revisions) {
      return (
        <div className="editor-page">
          <h1>Story not found</h1>
          <p className="muted">This story does not exist, or it is not yours.</p>
        </div>
      );
    }
    return <History post={{ ...post, revisions: post.revisions }} />;
  },
};
