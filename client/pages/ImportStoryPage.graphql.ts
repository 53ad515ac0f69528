// The import of a Markdown or HTML file into a draft (import-story; issue 12 item 6).
import { graphql, known } from '../app/graphql.ts';

export const ImportStoryMutation = known(graphql(`
  mutation ImportStory($fileName: String!, $text: String!) {
    importStory(fileName: $fileName, text: $text) {
      __typename
      ... on StoryImported {
        skippedMedia
        post {
          id
        }
      }
      ... on BadRequest {
        message
      }
    }
  }
`));
