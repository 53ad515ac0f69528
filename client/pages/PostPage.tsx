import type { FullPost, PostPageData, ResultMessage } from '../graphql/types.ts';
import { PostPageQuery } from '../graphql/queries.ts';
import { formatDate, formatReadingTime, formatCount } from '../../shared/format.ts';
import { postIdFromParam } from '../../shared/routing/post-id.ts';
import { StoryBody } from '../components/story/StoryBody.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { MemberStar } from '../components/MemberStar.tsx';
import { ClapIcon, ResponseIcon } from '../components/icons.tsx';
import { Link } from '../app/navigation.tsx';
import { profileHref } from '../app/hrefs.ts';
import type { PageDefinition } from './page-definition.ts';

/** HTTP status of each post-retrieval outcome (spec 2 §3). */
export const POST_RESULT_STATUS: Record<string, number> = {
  Post: 200,
  NotFound: 404,
  Unauthorized: 403,
  Blocked: 403,
  Blocking: 403,
  RemovedByUser: 410,
  AccountDeleted: 410,
  AccountSuspended: 410,
  PostSuspended: 410,
  UnavailableForLegalReasons: 451,
  WithheldInCountry: 451,
};

function isPost(result: PostPageData['postResult']): result is FullPost {
  return result.__typename === 'Post';
}

function Unavailable({ result }: { result: ResultMessage }) {
  return (
    <div className="error-page" data-outcome={result.__typename}>
      <p className="error-page-kicker">{result.__typename === 'NotFound' ? 'PAGE NOT FOUND' : 'STORY UNAVAILABLE'}</p>
      <h1 className="error-page-heading">{result.message}</h1>
      <Link href="/" className="button button-outline">
        Home
      </Link>
    </div>
  );
}

function Story({ post }: { post: FullPost }) {
  const published = post.firstPublishedAt ?? post.latestPublishedAt;
  return (
    <article className="story" data-post-id={post.id}>
      <header className="story-header">
        {post.isLocked ? (
          <p className="story-member-only">
            <MemberStar /> Member-only story
          </p>
        ) : null}
        <h1 className="story-title">{post.title}</h1>
        {post.subtitle ? <p className="story-subtitle">{post.subtitle}</p> : null}
        <div className="story-byline">
          <Link href={profileHref(post.creator)}>
            <Avatar name={post.creator.name} imageId={post.creator.imageId} size={44} />
          </Link>
          <div>
            <Link href={profileHref(post.creator)} className="story-byline-name">
              {post.creator.name}
            </Link>
            {post.collection ? (
              <span className="muted">
                {' '}
                in <a href={`/${post.collection.slug}`}>{post.collection.name}</a>
              </span>
            ) : null}
            <div className="muted story-byline-meta">
              <span>{formatReadingTime(post.readingTime)}</span>
              {published ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={new Date(published).toISOString()}>{formatDate(published)}</time>
                </>
              ) : null}
            </div>
          </div>
        </div>
        <div className="story-actions muted">
          <span className="story-action" title="Claps">
            <ClapIcon size={20} /> {formatCount(post.clapCount)}
          </span>
          <span className="story-action" title="Responses">
            <ResponseIcon size={20} /> {formatCount(post.responsesCount)}
          </span>
        </div>
      </header>
      <StoryBody paragraphs={post.content.bodyModel.paragraphs} />
      {post.content.isLockedPreviewOnly ? (
        <aside className="paywall" aria-label="Member-only story">
          <h2>
            <MemberStar /> Member-only story
          </h2>
          <p>The author made this story available to members only. Become a member to read it and every other story.</p>
          <a className="button button-dark" href="/plans">
            Get unlimited access
          </a>{' '}
          <a className="button button-outline" href="/membership">
            Learn more
          </a>
        </aside>
      ) : null}
      {post.tags.length ? (
        <ul className="story-tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag.id}>
              <a href={`/tag/${tag.slug}`} className="tag-pill">
                {tag.displayTitle}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="story-footer">
        <Avatar name={post.creator.name} imageId={post.creator.imageId} size={64} />
        <div>
          <h2 className="story-footer-name">
            Written by <Link href={profileHref(post.creator)}>{post.creator.name}</Link>
          </h2>
          <p className="muted">{formatCount(post.creator.socialStats.followerCount)} Followers</p>
          {post.creator.bio ? <p>{post.creator.bio}</p> : null}
        </div>
      </footer>
    </article>
  );
}

/** The story page (page `post`, top-navigation layout). */
export const postPage: PageDefinition<PostPageData> = {
  query: (params) => ({ query: PostPageQuery, variables: { postId: postIdFromParam(params.postId ?? '') ?? '' } }),
  status: (data) => POST_RESULT_STATUS[data.postResult.__typename] ?? 404,
  title: (data, state) => {
    const result = data?.postResult;
    if (result && isPost(result)) return `${result.title} | by ${result.creator.name} | ${state.config.productName}`;
    return state.config.productName;
  },
  Component: function PostPageView({ data }) {
    const result = data.postResult;
    return isPost(result) ? <Story post={result} /> : <Unavailable result={result} />;
  },
};
