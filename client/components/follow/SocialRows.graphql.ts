// What each row of a social list draws (SocialRows.tsx): the home sidebar's "Who to follow",
// the customize pages and the suggestions.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';
import { CollectionAddress_collection, UserAddress_user } from '../links/addresses.graphql.ts';

export const UserRow_user = known(graphql(`
  fragment UserRow_user on User {
    ...UserAddress_user
    id
    name
    username
    imageId
    bio
    socialStats {
      followerCount
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
  }
`, [UserAddress_user]));

export const CollectionRow_collection = known(graphql(`
  fragment CollectionRow_collection on Collection {
    ...CollectionAddress_collection
    id
    name
    slug
    description
    avatarId
    socialStats {
      followerCount
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
  }
`, [CollectionAddress_collection]));

export const TagRow_tag = known(graphql(`
  fragment TagRow_tag on Tag {
    id
    slug
    displayTitle
    postCount
    followerCount
    viewerEdge {
      id
      isFollowing
    }
  }
`));

export type SocialUser = ResultOf<typeof UserRow_user>;
export type SocialCollection = ResultOf<typeof CollectionRow_collection>;
export type SocialTag = ResultOf<typeof TagRow_tag>;
