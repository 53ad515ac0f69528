// A writer's newsletter (issue 12 item 8; docs/newsletters.md): the query of
// writer-subscription-promotion, which the subscribe button also asks once hydrated.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';

/** writer-subscription-promotion (/@{username}/subscribe, /subscribe/@{username}). */
export const WriterSubscribePageQuery = known(graphql(`
  query WriterSubscribePage($username: String!) {
    viewer {
      id
    }
    user(username: $username) {
      id
      name
      username
      bio
      imageId
      viewerIsSubscribedToNewsletter
    }
  }
`));

export type WriterSubscribePageData = ResultOf<typeof WriterSubscribePageQuery>;
