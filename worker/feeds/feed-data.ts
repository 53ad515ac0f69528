// What a feed holds, read through the GraphQL schema in process as a LOGGED-OUT viewer:
// lists hold only what anyone may see (no drafts, unlisted, trashed or suspended stories),
// and a member-only story's paragraphs pass the member-content gate
// (resolvers/post-content.ts), which cuts it to its preview. A feed is public and the same
// for every reader, whoever fetches it with whatever cookie.
import type { Env } from '../env.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { LOGGED_OUT } from '../session/viewer.ts';
import type { FeedTarget } from './feed-target.ts';
import type { FeedParagraph } from './story-html.ts';

/** Stories per feed: the newest ten, as feed readers poll often and keep what they saw. */
export const FEED_ITEM_COUNT = 10;

export const FEED_STORY = /* GraphQL */ `
  fragment FeedStory on Post {
    id
    title
    subtitle
    mediumUrl
    firstPublishedAt
    latestPublishedAt
    isLocked
    creator {
      name
    }
    tags {
      displayTitle
    }
    content {
      isLockedPreviewOnly
      bodyModel {
        paragraphs {
          name
          type
          text
          href
          markups {
            type
            start
            end
            href
          }
          metadata {
            id
            alt
          }
        }
      }
    }
  }
`;

const OWNER_SITE = /* GraphQL */ `
  customDomainState {
    live {
      domain
    }
  }
`;

const USER_FEED = /* GraphQL */ `
  query UserFeed($username: String!, $paging: PagingOptions) {
    userResult(username: $username) {
      __typename
      ... on User {
        id
        name
        username
        bio
        imageId
        hasSubdomain
        ${OWNER_SITE}
        postsConnection(paging: $paging) {
          posts {
            ...FeedStory
          }
        }
      }
    }
  }
  ${FEED_STORY}
`;

const COLLECTION_FEED = /* GraphQL */ `
  query CollectionFeed($slug: String!, $paging: PagingOptions) {
    collection(slug: $slug) {
      id
      name
      slug
      description
      avatarId
      domain
      ${OWNER_SITE}
      postsConnection(paging: $paging) {
        posts {
          ...FeedStory
        }
      }
    }
  }
  ${FEED_STORY}
`;

const COLLECTION_TAG_FEED = /* GraphQL */ `
  query CollectionTagFeed($slug: String!, $tagSlug: String!, $paging: PagingOptions) {
    collection(slug: $slug) {
      id
      name
      slug
      description
      avatarId
      domain
      ${OWNER_SITE}
      taggedPostsConnection(tagSlug: $tagSlug, paging: $paging) {
        posts {
          ...FeedStory
        }
      }
    }
    tag(slug: $tagSlug) {
      slug
      displayTitle
    }
  }
  ${FEED_STORY}
`;

const TAG_FEED = /* GraphQL */ `
  query TagFeed($tagSlug: String!, $paging: PagingOptions) {
    tag(slug: $tagSlug) {
      slug
      displayTitle
      description
      postsConnection(paging: $paging) {
        posts {
          ...FeedStory
        }
      }
    }
  }
  ${FEED_STORY}
`;

// The site's newest stories: the logged-out home page's latest feed (homeFeed LATEST as a
// logged-out viewer, so nobody's mutes or blocks apply).
const LATEST_FEED = /* GraphQL */ `
  query LatestFeed($paging: PagingOptions) {
    homeFeed(mode: LATEST, paging: $paging) {
      items {
        post {
          ...FeedStory
        }
      }
    }
  }
  ${FEED_STORY}
`;

// A list by its row id. Query.catalog answers null for a private list (to a logged-out
// viewer it does not exist) and for a suspended or deleted creator's list.
const CATALOG_FEED = /* GraphQL */ `
  query CatalogFeed($id: ID!, $paging: PagingOptions) {
    catalog(id: $id) {
      id
      name
      description
      predefined
      creator {
        id
        name
        username
        hasSubdomain
        ${OWNER_SITE}
      }
      postsConnection(paging: $paging) {
        posts {
          ...FeedStory
        }
      }
    }
  }
  ${FEED_STORY}
`;

// A publication newsletter's issues (docs/newsletters.md "Publication newsletters").
const NEWS_FEED = /* GraphQL */ `
  query NewsFeed($slug: String!) {
    collection(slug: $slug) {
      name
      slug
      avatarId
      newsletter {
        name
        slug
        description
        issues(limit: ${FEED_ITEM_COUNT}) {
          ...FeedStory
        }
      }
    }
  }
  ${FEED_STORY}
`;

// A published series by its address (null when it is a draft or its writer cannot be shown);
// its parts in order, of which the feed gives the newest (docs/series.md).
const SERIES_FEED = /* GraphQL */ `
  query SeriesFeed($slug: String!) {
    seriesBySlug(slug: $slug) {
      slug
      title
      description
      publishedAt
      creator {
        name
      }
      parts {
        ...FeedStory
      }
    }
  }
  ${FEED_STORY}
`;

export interface FeedStory {
  id: string;
  title: string;
  subtitle: string;
  mediumUrl: string;
  firstPublishedAt: number | null;
  latestPublishedAt: number | null;
  isLocked: boolean;
  creator: { name: string };
  tags: { displayTitle: string }[];
  content: { isLockedPreviewOnly: boolean; bodyModel: { paragraphs: FeedParagraph[] } };
}

interface LiveSite {
  customDomainState: { live: { domain: string } | null } | null;
}

export type FeedOwner =
  | { kind: 'user'; id: string; name: string; username: string; bio: string; imageId: string | null; hasSubdomain: boolean } & LiveSite
  | { kind: 'collection'; id: string; name: string; slug: string; description: string; avatarId: string | null; domain: string | null; tag: { slug: string; displayTitle: string } | null } & LiveSite
  | { kind: 'tag'; slug: string; displayTitle: string; description: string }
  | { kind: 'latest' }
  | { kind: 'news'; collection: { name: string; slug: string; avatarId: string | null }; newsletter: { name: string; slug: string; description: string } }
  | {
      kind: 'catalog';
      id: string;
      name: string;
      description: string;
      predefined: 'READING_LIST' | 'CURRENTLY_READING' | 'PURCHASED' | null;
      creator: { id: string; name: string; username: string; hasSubdomain: boolean } & LiveSite;
    };

export type SeriesFeedOwner = { kind: 'series'; slug: string; title: string; description: string; creator: { name: string } };

export interface FeedContent {
  owner: FeedOwner | SeriesFeedOwner;
  posts: FeedStory[];
}

async function run<T>(env: Env, document: string, variables: Record<string, unknown>): Promise<T> {
  const context = requestContextFor({ db: env.DB, env, viewer: LOGGED_OUT });
  const result = await executeInProcess(document, { ...variables, paging: { limit: FEED_ITEM_COUNT } }, context);
  if (result.errors?.length) throw new Error(`Feed query failed: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data as T;
}

/** The feed's owner and newest stories; null when the user, publication, tag or list does not exist (or cannot be shown). */
export async function loadFeed(env: Env, target: FeedTarget): Promise<FeedContent | null> {
  switch (target.kind) {
    case 'latest': {
      const data = await run<{ homeFeed: { items: { post: FeedStory }[] } }>(env, LATEST_FEED, {});
      return { owner: { kind: 'latest' }, posts: data.homeFeed.items.map((item) => item.post) };
    }
    case 'catalog': {
      type CatalogData = { catalog: (Omit<Extract<FeedOwner, { kind: 'catalog' }>, 'kind'> & { postsConnection: { posts: FeedStory[] } }) | null };
      const data = await run<CatalogData>(env, CATALOG_FEED, { id: target.catalogId });
      // A predefined list's address is /@{username}/list/reading-list: reached by its row id
      // it would be a list with no public address of its own, so it answers as missing.
      if (!data.catalog || data.catalog.predefined !== null) return null;
      const { postsConnection, ...catalog } = data.catalog;
      return { owner: { kind: 'catalog', ...catalog }, posts: postsConnection.posts };
    }
    case 'user': {
      type UserData = { userResult: { __typename: string } & Omit<Extract<FeedOwner, { kind: 'user' }>, 'kind'> & { postsConnection: { posts: FeedStory[] } } };
      const data = await run<UserData>(env, USER_FEED, { username: target.username });
      const { __typename, postsConnection, ...user } = data.userResult;
      if (__typename !== 'User') return null;
      return { owner: { kind: 'user', ...user }, posts: postsConnection.posts };
    }
    case 'collection': {
      type Collection = Omit<Extract<FeedOwner, { kind: 'collection' }>, 'kind' | 'tag'>;
      if (target.tagSlug === null) {
        const data = await run<{ collection: (Collection & { postsConnection: { posts: FeedStory[] } }) | null }>(env, COLLECTION_FEED, { slug: target.collectionSlug });
        if (!data.collection) return null;
        const { postsConnection, ...collection } = data.collection;
        return { owner: { kind: 'collection', ...collection, tag: null }, posts: postsConnection.posts };
      }
      const data = await run<{
        collection: (Collection & { taggedPostsConnection: { posts: FeedStory[] } }) | null;
        tag: { slug: string; displayTitle: string } | null;
      }>(env, COLLECTION_TAG_FEED, { slug: target.collectionSlug, tagSlug: target.tagSlug });
      if (!data.collection || !data.tag) return null;
      const { taggedPostsConnection, ...collection } = data.collection;
      return { owner: { kind: 'collection', ...collection, tag: data.tag }, posts: taggedPostsConnection.posts };
    }
    case 'news': {
      type NewsData = {
        collection: { name: string; slug: string; avatarId: string | null; newsletter: { name: string; slug: string; description: string; issues: FeedStory[] } | null } | null;
      };
      const data = await run<NewsData>(env, NEWS_FEED, { slug: target.collectionSlug });
      if (!data.collection?.newsletter) return null;
      const { newsletter, ...collection } = data.collection;
      const { issues, ...about } = newsletter;
      return { owner: { kind: 'news', collection, newsletter: about }, posts: issues };
    }
    case 'series': {
      type SeriesData = { seriesBySlug: (Omit<SeriesFeedOwner, 'kind'> & { publishedAt: number | null; parts: FeedStory[] }) | null };
      const data = await run<SeriesData>(env, SERIES_FEED, { slug: target.sequenceSlug });
      if (!data.seriesBySlug || data.seriesBySlug.publishedAt === null) return null;
      const { parts, publishedAt: _publishedAt, ...series } = data.seriesBySlug;
      return { owner: { kind: 'series', ...series }, posts: parts.slice(-FEED_ITEM_COUNT).reverse() };
    }
    case 'tag': {
      type TagData = { tag: (Omit<Extract<FeedOwner, { kind: 'tag' }>, 'kind'> & { postsConnection: { posts: FeedStory[] } }) | null };
      const data = await run<TagData>(env, TAG_FEED, { tagSlug: target.tagSlug });
      if (!data.tag) return null;
      const { postsConnection, ...tag } = data.tag;
      return { owner: { kind: 'tag', ...tag }, posts: postsConnection.posts };
    }
  }
}
