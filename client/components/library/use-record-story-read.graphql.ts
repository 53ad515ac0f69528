// Recording a story as read (issue 6 item 9), loaded with the first read the server did not
// record itself.
import { graphql, known } from '../../app/graphql.ts';

export const MarkPostAsRead = known(graphql(`
  mutation MarkPostAsRead($postId: ID!) {
    markPostAsRead(postId: $postId)
  }
`));
