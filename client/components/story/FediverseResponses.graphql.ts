// Replies from the fediverse under a story (issue 30 point 4): what the section draws of each,
// and the writer's hide / show again and block / unblock of its author
// (docs/adr/0214-blocking-a-fediverse-person.md; the mutations are the audience page's).
import { graphql, known, type ResultOf } from '../../app/graphql.ts';
import { StoryBody_paragraph } from './StoryBody.graphql.ts';

export const FediverseResponses_response = known(graphql(
  `
    fragment FediverseResponses_response on FediverseResponse {
      id
      url
      firstPublishedAt
      isHidden
      isAuthorBlocked
      author {
        id
        name
        handle
        url
      }
      paragraphs {
        ...StoryBody_paragraph
      }
    }
  `,
  [StoryBody_paragraph],
));

export type FediverseResponse = ResultOf<typeof FediverseResponses_response>;

export const SetFediverseResponseHidden = known(graphql(
  `
    mutation SetFediverseResponseHidden($id: ID!, $hidden: Boolean!) {
      setFediverseResponseHidden(id: $id, hidden: $hidden) {
        ...FediverseResponses_response
      }
    }
  `,
  [FediverseResponses_response],
));
