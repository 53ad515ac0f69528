// Topic pages, top-navigation layout (docs/product/2-sign-in-notices-cache-routing.md §2.3): topic
// (/tag/{tagSlug} and /latest: the curators' featured stories, then the newest), topic-recommended (/tag/{tagSlug}/recommended: the
// most clapped stories first published in the past year, see Tag.topPostsConnection) and
// topic-who-to-follow (/tag/{tagSlug}/who-to-follow: the writers with the most stories in the
// topic).
import { PROFILE_STORIES_PAGE_SIZE, WHO_TO_FOLLOW_LIMIT } from '../components/profiles/profile-pages.ts';
import type { PostConnectionData } from '../components/StoryCard.graphql.ts';
import {
  TagLatestPageQuery,
  TagRecommendedPageQuery,
  TagWhoToFollowPageQuery,
  type TagLatestPageData,
  type TagRecommendedPageData,
  type TagWhoToFollowPageData,
} from './TagPages.graphql.ts';
import type { PostPreview } from '../components/StoryCard.graphql.ts';
import type { TypedDocumentNode } from 'urql';
import { StoryCard } from '../components/StoryCard.tsx';
import { PersonRow } from '../components/profiles/PersonRow.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { useMorePages, type ListPage } from '../components/profiles/use-more-pages.ts';
import { TagHeading, TagNotFound, tagTitle } from '../components/profiles/tag-parts.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { tagHead } from './page-heads.ts';

type TagPaging = { tagSlug: string; paging: { limit: number; to?: string } };

function TagStories<Data>({
  first,
  query,
  tagSlug,
  pick,
  empty,
  hide,
}: {
  first: PostConnectionData;
  query: TypedDocumentNode<Data, TagPaging>;
  tagSlug: string;
  pick: (data: Data) => ListPage<PostPreview> | null;
  empty: string;
  /** Stories already shown above the list (the topic's featured shelf): not listed twice. */
  hide?: ReadonlySet<string>;
}) {
  const pages = useMorePages({ items: first.posts, pagingInfo: first.pagingInfo }, query, { tagSlug, paging: { limit: PROFILE_STORIES_PAGE_SIZE } }, pick);
  return (
    <section className="tag-stories">
      {pages.items.length === 0 ? <p className="profile-empty muted">{empty}</p> : null}
      {pages.items
        .filter((post) => !hide?.has(post.id))
        .map((post) => (
          <StoryCard key={post.id} post={post} />
        ))}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

const pagedVariables = (params: Record<string, string>) => ({ tagSlug: params.tagSlug ?? '', paging: { limit: PROFILE_STORIES_PAGE_SIZE } });

export const topicPage: PageDefinition<TagLatestPageData> = {
  query: (params) => ({ query: TagLatestPageQuery, variables: pagedVariables(params) }),
  status: (data) => (data.tag ? 200 : 404),
  title: (data, state) => tagTitle(data?.tag, state.config.productName),
  head: (data, state) => (data?.tag ? tagHead(data.tag, state) : undefined),
  Component: function TopicLatest({ data }) {
    const tag = data.tag;
    if (!tag) return <TagNotFound />;
    return (
      <>
        <TagHeading tag={tag} active="latest" />
        {tag.featuredPosts.length ? (
          <section className="tag-featured" aria-labelledby="tag-featured-heading" data-testid="tag-featured">
            <h2 id="tag-featured-heading" className="tag-featured-heading">Featured</h2>
            {tag.featuredPosts.map((post) => (
              <StoryCard key={post.id} post={post} />
            ))}
          </section>
        ) : null}
        <TagStories
          first={tag.postsConnection}
          query={TagLatestPageQuery}
          tagSlug={tag.slug}
          pick={(d: TagLatestPageData) => (d.tag ? { items: d.tag.postsConnection.posts, pagingInfo: d.tag.postsConnection.pagingInfo } : null)}
          empty={`No stories about ${tag.displayTitle} yet.`}
          hide={new Set(tag.featuredPosts.map((post) => post.id))}
        />
      </>
    );
  },
};

export const topicRecommendedPage: PageDefinition<TagRecommendedPageData> = {
  query: (params) => ({ query: TagRecommendedPageQuery, variables: pagedVariables(params) }),
  status: (data) => (data.tag ? 200 : 404),
  title: (data, state) => tagTitle(data?.tag, state.config.productName, 'Recommended stories'),
  Component: function TopicRecommended({ data }) {
    const tag = data.tag;
    if (!tag) return <TagNotFound />;
    return (
      <>
        <TagHeading tag={tag} active="recommended" />
        <TagStories
          first={tag.topPostsConnection}
          query={TagRecommendedPageQuery}
          tagSlug={tag.slug}
          pick={(d: TagRecommendedPageData) => (d.tag ? { items: d.tag.topPostsConnection.posts, pagingInfo: d.tag.topPostsConnection.pagingInfo } : null)}
          empty={`No stories about ${tag.displayTitle} were published this past year.`}
        />
      </>
    );
  },
};

export const topicWhoToFollowPage: PageDefinition<TagWhoToFollowPageData> = {
  query: (params) => ({ query: TagWhoToFollowPageQuery, variables: { tagSlug: params.tagSlug ?? '', limit: WHO_TO_FOLLOW_LIMIT } }),
  status: (data) => (data.tag ? 200 : 404),
  title: (data, state) => tagTitle(data?.tag, state.config.productName, 'Who to follow'),
  Component: function TopicWhoToFollow({ data }) {
    const tag = data.tag;
    if (!tag) return <TagNotFound />;
    return (
      <>
        <TagHeading tag={tag} active="who-to-follow" />
        <section className="people" aria-label={`Who to follow in ${tag.displayTitle}`}>
          {tag.topWriters.length === 0 ? <p className="profile-empty muted">No one writes about {tag.displayTitle} yet.</p> : null}
          <ul className="people-list">
            {tag.topWriters.map(({ user, postCount }) => (
              <PersonRow key={user.id} person={user} detail={postCount === 1 ? `1 story in ${tag.displayTitle}` : `${postCount} stories in ${tag.displayTitle}`} />
            ))}
          </ul>
        </section>
      </>
    );
  },
};
