// The publication pages' queries (publication home, about, followers, tagged stories).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { PagedStories_connection, StoryCard_post } from '../components/StoryCard.graphql.ts';
import { PersonRow_user } from '../components/profiles/PersonRow.graphql.ts';
import { PublicationMasthead_collection } from '../components/profiles/publication-parts.graphql.ts';

export const PublicationStoriesPageQuery = known(graphql(`
  query PublicationStoriesPageQuery($slug: String, $id: ID, $paging: PagingOptions) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      id
      viewerIsEditor
      pinnedPosts {
        ...StoryCard_post
      }
      postsConnection(paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [PagedStories_connection, PublicationMasthead_collection, StoryCard_post]));

/** What pinning or unpinning answers: the pin's state, or why not. */
export const PinPostResult_outcome = known(graphql(`
  fragment PinPostResult_outcome on PinPostResult {
    __typename
    ... on CollectionPin {
      collectionId
      postId
      isPinned
    }
    ... on NotFound {
      message
    }
    ... on Forbidden {
      message
    }
    ... on MaxPinnedStoriesReached {
      message
    }
  }
`));

/** Pin or unpin a story on the publication's homepage (POST_PINNED_TO_COLLECTION_HOMEPAGE). */
export const PinPostToCollectionHomepage = known(graphql(`
  mutation PinPostToCollectionHomepage($collectionId: ID!, $postId: ID!) {
    pinPostToCollectionHomepage(collectionId: $collectionId, postId: $postId) {
      ...PinPostResult_outcome
    }
  }
`, [PinPostResult_outcome]));

export const UnpinPostFromCollectionHomepage = known(graphql(`
  mutation UnpinPostFromCollectionHomepage($collectionId: ID!, $postId: ID!) {
    unpinPostFromCollectionHomepage(collectionId: $collectionId, postId: $postId) {
      ...PinPostResult_outcome
    }
  }
`, [PinPostResult_outcome]));

export const PublicationAboutPageQuery = known(graphql(`
  query PublicationAboutPageQuery($slug: String, $id: ID) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      about
    }
  }
`, [PublicationMasthead_collection]));

export const PublicationFollowersPageQuery = known(graphql(`
  query PublicationFollowersPageQuery($slug: String, $id: ID, $paging: PagingOptions) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      followersConnection(paging: $paging) {
        users {
          ...PersonRow_user
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [PublicationMasthead_collection, PersonRow_user]));

export const PublicationTaggedPageQuery = known(graphql(`
  query PublicationTaggedPageQuery($slug: String, $id: ID, $tagSlug: String!, $paging: PagingOptions, $featureSlug: String!, $inFeature: Boolean!) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      featurePage(slug: $featureSlug) @include(if: $inFeature) {
        title
        slug
      }
      taggedPostsConnection(tagSlug: $tagSlug, paging: $paging) {
        ...PagedStories_connection
      }
    }
    tag(slug: $tagSlug) {
      id
      slug
      displayTitle
    }
  }
`, [PagedStories_connection, PublicationMasthead_collection]));

export type PublicationStoriesPageData = ResultOf<typeof PublicationStoriesPageQuery>;
export type PublicationAboutPageData = ResultOf<typeof PublicationAboutPageQuery>;
export type PublicationFollowersPageData = ResultOf<typeof PublicationFollowersPageQuery>;
export type PublicationTaggedPageData = ResultOf<typeof PublicationTaggedPageQuery>;
