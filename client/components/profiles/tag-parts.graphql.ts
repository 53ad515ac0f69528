import { graphql, known, type ResultOf } from '../../app/graphql.ts';

/** What a topic page's heading draws (tag-parts.tsx). */
export const TagHeading_tag = known(graphql(`
  fragment TagHeading_tag on Tag {
    id
    slug
    displayTitle
    description
    postCount
    followerCount
    viewerEdge {
      id
      isFollowing
    }
  }
`));

export type TagHeader = ResultOf<typeof TagHeading_tag>;
