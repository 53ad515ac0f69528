import { graphql } from '../../graphql/graphql.ts';

export const PublishPostThreadedResponse = graphql(`
  mutation PublishPostThreadedResponse($inResponseToPostId: ID!, $text: String!) {
    publishPostThreadedResponse(inResponseToPostId: $inResponseToPostId, text: $text) {
      id
      inResponseToPost {
        id
      }
    }
  }
`);
