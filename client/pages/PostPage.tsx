import { useEffect, useRef } from 'react';
import { ownerStyleAttributes } from '../components/design/owner-style.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { useStoryReading } from '../events/use-story-reading.ts';
import { MORE_FROM_LIMIT, PostPageQuery, type FullPost, type PostPageData, type PostPageExtras } from './PostPage.graphql.ts';
import type { PostOutcome } from '../components/story/PostOutcome.graphql.ts';
import { formatDate, formatReadingTime } from '../../shared/format.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { StoryBody } from '../components/story/StoryBody.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { MemberStar } from '../components/MemberStar.tsx';
import { Link, useCurrentPage, useNavigation } from '../app/navigation.tsx';
import { StoryHighlights } from '../components/highlights/StoryHighlights.tsx';
import type { HighlightTarget } from '../components/highlights/HighlightsLayer.tsx';
import { profileHref, storyHref } from '../app/hrefs.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { collectionUrl } from '../../shared/urls/publication-urls.ts';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import { emailRecipientOf } from '../../shared/urls/email-source.ts';
import { WriterPaywallNote, Paywall } from '../components/story/Paywall.tsx';
import { PostOutcomePart } from '../components/story/post-outcome-part.ts';
import { StoryAuthorToolsPart } from '../components/story-menu/story-author-tools.ts';
import { useRecordStoryRead } from '../components/library/use-record-story-read.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { setStoryPageViewFacts } from '../components/header/deep-link-data.ts';
import { SeriesNav } from '../components/series/SeriesNav.tsx';
import { FollowButton } from '../components/follow/FollowButton.tsx';
import { MultiVoteProvider } from '../components/story/ClapButton.tsx';
import { RESPONSES_PAGE_LIMIT } from '../components/story/ResponsesSection.graphql.ts';
import { StoryActions } from './story-actions.tsx';
import { StoryEndPart } from './story-end-part.ts';
import { PAYWALLED_CONTENT_CLASS, storyHead, storyTitle } from './page-heads.ts';

/**
 * HTTP status of each post-retrieval outcome (docs/product/2-sign-in-notices-cache-routing.md §3).
 * Gone (410) where the story existed and was taken away; 404 where it never existed for this
 * reader; 403 where a block keeps it from this reader (Blocked, Blocking); 401 where signing in
 * would open it (Unauthorized); 451 where a legal order keeps it from everyone or from the reader's
 * country (docs/reader.md "Outcomes").
 */
export const POST_RESULT_STATUS: Record<string, number> = {
  Post: 200,
  NotFound: 404,
  GraphqlEmptyId: 404,
  Unauthorized: 401,
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

/** The story and what surrounds it, or null when the address's outcome page shows instead. */
function storyOf(data: PostPageData): { post: FullPost; extras: PostPageExtras } | null {
  return isPost(data.postResult) && data.postPageExtras ? { post: data.postResult, extras: data.postPageExtras } : null;
}

function Story({ post, extras, showResponses, target }: { post: FullPost; extras: PostPageExtras; showResponses: boolean; target: HighlightTarget }) {
  const { viewer } = useViewerSession();
  const isAuthor = viewer?.id === post.creator.id;
  const published = post.firstPublishedAt ?? post.latestPublishedAt;
  const writer = { kind: 'USER' as const, id: post.creator.id, name: post.creator.name };
  const parent = post.inResponseToPost;
  const ctx = useLinkContext();
  // A story opened in place never reaches the server render that records a read.
  useRecordStoryRead(post.id);
  useStoryPageViewFacts(post);
  // The view, read and reading time (docs/stats.md): reported by the browser, never by the render.
  const storyEnd = useRef<HTMLDivElement>(null);
  useStoryReading(post.id, storyEnd);
  useSuspendedNotice(post);
  useAlternateUserNotice();
  return (
    // The publication's look on its stories, else the writer's (docs/adr/0160-custom-style-sheets.md).
    <article className="story" data-post-id={post.id} {...ownerStyleAttributes((post.collection ?? post.creator).customStyleSheet)}>
      <header className="story-header">
        {parent ? (
          <p className="story-in-response-to muted">
            Response to{' '}
            <Link href={storyHref(parent, ctx)}>{parent.title || `a story by ${parent.creator.name}`}</Link>
          </p>
        ) : null}
        {post.isLocked ? (
          isAuthor ? (
            <WriterPaywallNote />
          ) : (
            <p className="story-member-only">
              <MemberStar creatorId={post.creator.id} /> Member-only story
            </p>
          )
        ) : null}
        {post.title ? <h1 className="story-title">{post.title}</h1> : <h1 className="story-title story-title-response">{post.creator.name}’s response</h1>}
        {post.subtitle ? <p className="story-subtitle">{post.subtitle}</p> : null}
        <div className="story-byline">
          <Link href={profileHref(post.creator, ctx)} preloadCodeInView>
            <Avatar name={post.creator.name} imageId={post.creator.imageId} size={44} />
          </Link>
          <div>
            <Link href={profileHref(post.creator, ctx)} className="story-byline-name">
              {post.creator.name}
            </Link>
            {isAuthor ? null : (
              <>
                {' '}
                <FollowButton target={writer} isFollowing={post.creator.viewerEdge.isFollowing} size="small" />
              </>
            )}
            {post.collection ? (
              <span className="muted">
                {' '}
                in <a href={collectionUrl(post.collection, ctx)}>{post.collection.name}</a>
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
        <StoryActions post={post} />
        <SeriesNav post={post} placement="top" />
        {/* Only the author's page draws them: their code is not the visitor's start-up (docs/adr/0232-the-story-end-hydrated-after-start-up.md). */}
        {isAuthor ? <StoryAuthorToolsPart postId={post.id} title={pageTitle(post)} /> : null}
      </header>
      {post.isLocked ? (
        <div className={PAYWALLED_CONTENT_CLASS}>
          <StoryBody paragraphs={post.content.bodyModel.paragraphs} />
        </div>
      ) : (
        <StoryBody paragraphs={post.content.bodyModel.paragraphs} />
      )}
      <StoryHighlights postId={post.id} target={target} />
      {/* The paywall speaks to a lack of membership (docs/outcomes.md "Locked-post reasons"). */}
      {post.content.lockedPostReason ? <Paywall postId={post.id} writer={post.creator} /> : null}
      {/* Reaching the end is a read; a paywalled preview's end is not the story's. */}
      {post.content.isLockedPreviewOnly ? null : <div ref={storyEnd} className="story-end" aria-hidden="true" />}
      {/* Below the first screen: a part hydrated once its chunk is in (docs/adr/0232-the-story-end-hydrated-after-start-up.md). */}
      <StoryEndPart post={post} extras={extras} showResponses={showResponses} />
    </article>
  );
}

const pageTitle = storyTitle;

/** The story page (page `post`, top-navigation layout); a response opens here too, focused on its replies. */
export const postPage: PageDefinition<PostPageData> = makePostPage(false);

/**
 * Page `post-responses` (/p/{postId}/responses, where /p/{postId}/responses/show redirects):
 * the same story page, scrolled to its responses.
 */
export const postResponsesPage: PageDefinition<PostPageData> = makePostPage(true);

function makePostPage(showResponses: boolean): PageDefinition<PostPageData> {
  return {
    query: (params) => ({
      query: PostPageQuery,
      variables: {
        // /s/{sequenceSlug}/{postId} is the story too: its series navigation comes with it
        // (Post.seriesPlace, docs/series.md).
        postId: postIdFromParam(params.postId ?? '') ?? '',
        // A missing story's address words choose the stories offered instead (docs/adr/0138-stories-for-a-lost-reader.md).
        path: params.postId ?? '',
        responsesPaging: { limit: RESPONSES_PAGE_LIMIT },
        moreFromPaging: { limit: MORE_FROM_LIMIT },
      },
    }),
    status: (data) => POST_RESULT_STATUS[data.postResult.__typename] ?? 404,
    // The page of a story address that holds no story (docs/adr/0232-the-story-end-hydrated-after-start-up.md).
    startupParts: (data) => (storyOf(data) ? [] : ['PostOutcome']),
    title: (data, state) => {
      const result = data?.postResult;
      if (result && isPost(result)) return `${pageTitle(result)} | by ${result.creator.name} | ${state.config.productName}`;
      return state.config.productName;
    },
    head: (data, state) => {
      const result = data?.postResult;
      return result && isPost(result) ? storyHead(result, state) : undefined;
    },
    Component: function PostPageView({ data, params }) {
      const result = data.postResult;
      // /p/{postId}/quotes/{quoteId}, /notes/{noteId}: the passage to open at; /quotes: the most highlighted.
      const routeName = useCurrentPage().resolved?.routeName;
      const target = { id: params.quoteId ?? params.noteId ?? null, showTop: routeName === 'ShowPostQuotes' };
      const story = storyOf(data);
      return story ? (
        <MultiVoteProvider>
          <Story post={story.post} extras={story.extras} showResponses={showResponses} target={target} />
        </MultiVoteProvider>
      ) : (
        // Its code is not the story's start-up: a chunk the outcome's document declares (startupParts above).
        <PostOutcomePart result={result as PostOutcome} stories={'lostReaderStories' in result ? result.lostReaderStories : undefined} />
      );
    },
  };
}

/**
 * A suspended story reaches only its author, staff and viewers who may see suspended content
 * (worker/stories/story-access.ts): they are told it is suspended while they are on it
 * (POST_SUSPENDED, docs/product/2-sign-in-notices-cache-routing.md §4.4).
 */
function useSuspendedNotice(post: FullPost): void {
  const { showToast } = useToast();
  useEffect(() => {
    if (post.isSuspended) showToast({ style: 'POST_SUSPENDED', duration: 'NEXTPAGE', extraParams: { postId: post.id } });
  }, [post.id, post.isSuspended, showToast]);
}

/**
 * A story opened from an email sent to another account, or signed out (the link's `source`,
 * shared/urls/email-source.ts): ALTERNATE_USER offers Switch account or Sign in
 * (docs/product/2-sign-in-notices-cache-routing.md §4.4). Read after hydration (the server's
 * markup has no toast).
 */
function useAlternateUserNotice(): void {
  const { showToast } = useToast();
  const { isLoggedIn, viewer } = useViewerSession();
  const { location } = useNavigation();
  useEffect(() => {
    const recipient = emailRecipientOf(location.search);
    if (!recipient || recipient === viewer?.id) return;
    showToast({ style: 'ALTERNATE_USER', duration: 'NEXTPAGE', extraParams: { isLoggedIn } });
  }, [location.search, isLoggedIn, viewer?.id, showToast]);
}

/** Tells Open in app's page-view data about this story while it is on screen (header/deep-link-data.ts). */
function useStoryPageViewFacts(post: FullPost): void {
  const facts = {
    createdAt: post.firstPublishedAt ?? null,
    topic: post.tags[0]?.slug ?? null,
    publication: post.collection?.slug ?? null,
    creator: post.creator.username,
    followsCreator: post.creator.viewerEdge.isFollowing,
    followsPublication: post.collection?.viewerEdge.isFollowing ?? false,
    isPaywalled: post.content.isLockedPreviewOnly,
    isLocked: post.isLocked,
  };
  const key = JSON.stringify(facts);
  useEffect(() => {
    setStoryPageViewFacts(JSON.parse(key));
    return () => setStoryPageViewFacts(null);
  }, [key]);
}
