import { graphql, known } from '../../app/graphql.ts';

export const PublishPostThreadedResponse = known(graphql(`
  mutation PublishPostThreadedResponse($inResponseToPostId: ID!, $text: String!) {
    publishPostThreadedResponse(inResponseToPostId: $inResponseToPostId, text: $text) {
      id
      inResponseToPost {
        id
      }
    }
  }
`));
