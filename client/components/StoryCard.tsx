import { formatDate, formatReadingTime, formatCount } from '../../shared/format.ts';
import type { ResultOf } from '../app/graphql.ts';
import type { StoryCard_post } from './StoryCard.graphql.ts';
import { Link } from '../app/navigation.tsx';
import { collectionUrl } from '../../shared/urls/publication-urls.ts';
import { profileHref, storyHref } from '../app/hrefs.ts';
import { useLinkContext } from './header/link-context.ts';
import { Avatar } from './Avatar.tsx';
import { ImageView } from './ImageView.tsx';
import { MemberStar } from './MemberStar.tsx';

/** What a story card draws (StoryCard_post). */
export type StoryCardPost = ResultOf<typeof StoryCard_post>;

/** A story in a feed: writer, title, subtitle, date, reading time and counts. */
/**
 * `preloadOnRender`: the story is preloaded when the card renders (the feed's first card, client/app/navigation.tsx Link).
 * `showWriter`: false under a heading that names the writer already ("More from {writer}"): no byline but the publication's.
 */
export function StoryCard({ post, preloadOnRender = false, showWriter = true }: { post: StoryCardPost; preloadOnRender?: boolean; showWriter?: boolean }) {
  // Built for the host the card is shown on, by the one address rule (client/app/hrefs.ts):
  // the writer's or publication's own site when they have one, else the main host.
  const ctx = useLinkContext();
  const href = storyHref(post, ctx);
  const date = post.firstPublishedAt ?? post.latestPublishedAt;
  return (
    <article className="story-card" data-post-id={post.id}>
      <div className="story-card-text">
        {showWriter || post.collection ? (
          <div className="story-card-byline">
            {showWriter ? (
              <Link href={profileHref(post.creator, ctx)} className="story-card-writer" preloadCodeInView>
                <Avatar name={post.creator.name} imageId={post.creator.imageId} size={20} lazy />
                <span>{post.creator.name}</span>
              </Link>
            ) : null}
            {post.collection ? (
              <>
                <span className="muted">{showWriter ? ' in ' : 'In '}</span>
                <a href={collectionUrl(post.collection, ctx)} className="story-card-collection">
                  {post.collection.name}
                </a>
              </>
            ) : null}
          </div>
        ) : null}
        <Link href={href} className="story-card-link" preloadOnRender={preloadOnRender} preloadCodeInView>
          <h2 className="story-card-title">{post.title}</h2>
          {post.subtitle ? <p className="story-card-subtitle">{post.subtitle}</p> : null}
        </Link>
        <div className="story-card-meta muted">
          {post.isLocked ? <MemberStar creatorId={post.creator.id} /> : null}
          {date ? <span>{formatDate(date)}</span> : null}
          <span aria-hidden="true">·</span>
          <span>{formatReadingTime(post.readingTime)}</span>
          {post.clapCount > 0 ? (
            <span className="story-card-claps" title={`${post.clapCount} claps`}>
              {formatCount(post.clapCount)}
            </span>
          ) : null}
          {post.responsesCount > 0 ? <span className="story-card-responses" title={`${post.responsesCount} responses`}>
              {formatCount(post.responsesCount)}
            </span> : null}
        </div>
      </div>
      {post.previewImage ? (
        <Link href={href} className="story-card-image" tabIndex={-1} aria-hidden="true">
          <ImageView imageId={post.previewImage.id} width={160} aspect={0.66} alt="" />
        </Link>
      ) : null}
    </article>
  );
}
