// The story page below the story's text (docs/adr/0232-the-story-end-hydrated-after-start-up.md):
// tags, license, the series' steps, the actions again, the writer's and the publication's
// footers, the responses with their editor, the fediverse's responses and "More from". The
// server draws it with the page; in the browser its code is a chunk of its own
// (story-end-part.ts and its browser variant), hydrated once the chunk is in.
import { LICENSE_FACTS, type PostLicense } from '../../shared/stories/license.ts';
import { tagUrl } from '../../shared/urls/misc-urls.ts';
import { collectionUrl } from '../../shared/urls/publication-urls.ts';
import { Link } from '../app/navigation.tsx';
import { profileHref } from '../app/hrefs.ts';
import { Avatar } from '../components/Avatar.tsx';
import { FollowButton, FollowerCount } from '../components/follow/FollowButton.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import { SeriesNav } from '../components/series/SeriesNav.tsx';
import { FediverseResponses } from '../components/story/FediverseResponses.tsx';
import { MoreFrom } from '../components/story/MoreFrom.tsx';
import { ResponsesSection } from '../components/story/ResponsesSection.tsx';
import type { FullPost, PostPageExtras } from './PostPage.graphql.ts';
import { StoryActions } from './story-actions.tsx';

export interface StoryEndProps {
  post: FullPost;
  extras: PostPageExtras;
  /** /p/{postId}/responses: the page scrolls to the responses. */
  showResponses: boolean;
}

/** The license the author chose (shared/stories/license.ts), linked to its deed when it has one. */
function StoryLicense({ license }: { license: PostLicense }) {
  const facts = LICENSE_FACTS[license];
  return (
    <p className="story-license muted" data-testid="story-license">
      {facts.url ? (
        <a href={facts.url} rel="license noopener" target="_blank">
          {facts.label}
        </a>
      ) : (
        facts.label
      )}
    </p>
  );
}

export function StoryEnd({ post, extras, showResponses }: StoryEndProps) {
  const { viewer } = useViewerSession();
  const isAuthor = viewer?.id === post.creator.id;
  const writer = { kind: 'USER' as const, id: post.creator.id, name: post.creator.name };
  const publication = post.collection ? { kind: 'COLLECTION' as const, id: post.collection.id, name: post.collection.name } : null;
  const ctx = useLinkContext();
  return (
    // The deferred part's root (story-end-part.browser.ts): a reader's first touch inside starts its chunk.
    <div className="story-end-part">
      {post.tags.length ? (
        <ul className="story-tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag.id}>
              {/* Topics live on the main host: absolute there from a writer's or publication's own domain. */}
              <a href={tagUrl(tag.slug, ctx)} className="tag-pill">
                {tag.displayTitle}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <StoryLicense license={post.license} />
      <SeriesNav post={post} placement="bottom" />
      <StoryActions post={post} />
      <footer className="story-footer">
        {/* Below the story: lazy, so the render writes no preload competing with the first screen's requests. */}
        <Avatar name={post.creator.name} imageId={post.creator.imageId} size={64} lazy />
        <div className="story-footer-text">
          <h2 className="story-footer-name">
            Written by <Link href={profileHref(post.creator, ctx)}>{post.creator.name}</Link>
          </h2>
          <p className="muted">
            <FollowerCount target={writer} count={post.creator.socialStats.followerCount} /> Followers
          </p>
          {post.creator.bio ? <p>{post.creator.bio}</p> : null}
        </div>
        {isAuthor ? null : <FollowButton target={writer} isFollowing={post.creator.viewerEdge.isFollowing} />}
      </footer>
      {post.collection && publication ? (
        <footer className="story-footer story-footer-publication">
          <div className="story-footer-text">
            <h2 className="story-footer-name">
              Published in <a href={collectionUrl(post.collection, ctx)}>{post.collection.name}</a>
            </h2>
            <p className="muted">
              <FollowerCount target={publication} count={post.collection.socialStats.followerCount} /> Followers
            </p>
            {post.collection.description ? <p>{post.collection.description}</p> : null}
          </div>
          <FollowButton target={publication} isFollowing={post.collection.viewerEdge.isFollowing} />
        </footer>
      ) : null}
      <ResponsesSection
        parent={{ kind: 'post', id: post.id, creatorId: post.creator.id }}
        count={post.postResponses.count}
        responsesLocked={post.responsesLocked}
        first={extras.threadedPostResponses}
        focused={post.inResponseToPost !== null}
        scrollIntoView={showResponses}
      />
      <FediverseResponses creatorId={post.creator.id} responses={extras.fediverseResponses} />
      <MoreFrom name={post.creator.name} href={profileHref(post.creator, ctx)} posts={extras.creator.postsConnection.posts} currentPostId={post.id} byWriter />
      {post.collection ? (
        <MoreFrom name={post.collection.name} href={collectionUrl(post.collection, ctx)} posts={extras.collection?.postsConnection.posts ?? []} currentPostId={post.id} />
      ) : null}
    </div>
  );
}
