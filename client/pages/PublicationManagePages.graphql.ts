// Making and staffing a publication (issue 12 item 7): the new-publication page's query, the
// publication's creation, and adding or removing its editors and writers.
import { graphql, known } from '../app/graphql.ts';

export const NewPublicationViewerQuery = known(graphql(`
  query NewPublicationViewerQuery {
    viewer {
      id
    }
  }
`));

export const CreatePublication = known(graphql(`
  mutation CreatePublication($name: String!, $slug: String!, $tagline: String) {
    createPublication(name: $name, slug: $slug, tagline: $tagline) {
      __typename
      ... on Collection {
        id
        slug
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const SetPublicationMember = known(graphql(`
  mutation SetPublicationMember($collectionId: ID!, $username: String!, $role: String!) {
    setPublicationMember(collectionId: $collectionId, username: $username, role: $role) {
      __typename
      ... on Collection {
        id
        members {
          role
          user {
            id
            name
            username
          }
        }
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const RemovePublicationMember = known(graphql(`
  mutation RemovePublicationMember($collectionId: ID!, $userId: ID!) {
    removePublicationMember(collectionId: $collectionId, userId: $userId) {
      __typename
      ... on Collection {
        id
        members {
          role
          user {
            id
            name
            username
          }
        }
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));
