import { graphql, known, type ResultOf } from '../../app/graphql.ts';

/**
 * docs/product/2-sign-in-notices-cache-routing.md §3: the post-retrieval outcomes that keep a story
 * from this reader, with the data service's message.
 */
export const PostOutcome_result = known(graphql(`
  fragment PostOutcome_result on PostResult {
    __typename
    ... on NotFound {
      message
    }
    ... on RemovedByUser {
      message
    }
    ... on AccountSuspended {
      message
    }
    ... on AccountDeleted {
      message
    }
    ... on PostSuspended {
      message
    }
    ... on Blocked {
      message
    }
    ... on Unauthorized {
      message
    }
    ... on UnavailableForLegalReasons {
      message
    }
    ... on WithheldInCountry {
      message
    }
    ... on GraphqlEmptyId {
      message
    }
    ... on Blocking {
      message
      user {
        id
        name
        username
      }
    }
  }
`));

/** An outcome other than the story itself. */
export type PostOutcome = Exclude<ResultOf<typeof PostOutcome_result>, { __typename: 'Post' }>;
