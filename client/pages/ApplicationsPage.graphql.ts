// Integration tokens and OAuth applications (/me/applications), each document defined once
// (docs/adr/0045-fragments-beside-components.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const IntegrationTokensQuery = known(graphql(`
  query IntegrationTokensQuery {
    viewer {
      id
    }
    integrationTokens {
      id
      description
      scopes
      createdAt
      lastUsedAt
    }
    oauthApplications {
      id
      name
      redirectUri
      createdAt
    }
  }
`));

export const CreateOAuthApplication = known(graphql(`
  mutation CreateOAuthApplication($name: String!, $redirectUri: String!) {
    createOAuthApplication(name: $name, redirectUri: $redirectUri) {
      __typename
      ... on CreatedOAuthApplication {
        clientSecret
        application {
          id
          name
          redirectUri
          createdAt
        }
      }
      ... on BadRequest {
        message
      }
    }
  }
`));

export const DeleteOAuthApplication = known(graphql(`
  mutation DeleteOAuthApplication($id: ID!) {
    deleteOAuthApplication(id: $id)
  }
`));

export type IntegrationTokensData = ResultOf<typeof IntegrationTokensQuery>;

export const CreateIntegrationToken = known(graphql(`
  mutation CreateIntegrationToken($description: String!, $scopes: [String!]) {
    createIntegrationToken(description: $description, scopes: $scopes) {
      __typename
      ... on CreatedIntegrationToken {
        token
        integrationToken {
          id
          description
          scopes
          createdAt
          lastUsedAt
        }
      }
      ... on BadRequest {
        message
      }
    }
  }
`));

export const RevokeIntegrationToken = known(graphql(`
  mutation RevokeIntegrationToken($id: ID!) {
    revokeIntegrationToken(id: $id)
  }
`));
