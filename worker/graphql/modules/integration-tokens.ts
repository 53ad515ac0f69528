// Integration tokens from settings (/me/applications; docs/adr/0082-integration-tokens-and-v1.md): the viewer's
// own tokens only. The secret is in the answer of CreateIntegrationToken and nowhere else.
//
//   query    integrationTokens → [IntegrationToken!]! (empty when logged out)
//   mutation CreateIntegrationToken  createIntegrationToken(description, scopes) → CreatedIntegrationToken | BadRequest
//   mutation RevokeIntegrationToken  revokeIntegrationToken(id) → Boolean!
import { createIntegrationToken, listIntegrationTokens, revokeIntegrationToken } from '../../integrations/integration-tokens.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

export const integrationTokensModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A token of the /v1 API (its secret is never shown again)."
    type IntegrationToken {
      id: ID!
      description: String!
      "Some of basicProfile, listPublications, publishPost."
      scopes: [String!]!
      createdAt: Long!
      lastUsedAt: Long
    }

    "The new token: copy it now, it is shown once."
    type CreatedIntegrationToken {
      token: String!
      integrationToken: IntegrationToken!
    }

    union CreateIntegrationTokenResult = CreatedIntegrationToken | BadRequest

    type Query {
      integrationTokens: [IntegrationToken!]!
    }

    type Mutation {
      "CreateIntegrationToken: scopes default to all."
      createIntegrationToken(description: String!, scopes: [String!]): CreateIntegrationTokenResult!
      "RevokeIntegrationToken: false when the viewer has no such token."
      revokeIntegrationToken(id: ID!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      integrationTokens: (_: unknown, __: unknown, ctx: RequestContext) => listIntegrationTokens(ctx),
    },
    Mutation: {
      createIntegrationToken: async (_: unknown, args: { description: string; scopes?: string[] | null }, ctx: RequestContext) => {
        const outcome = await createIntegrationToken(ctx, { description: args.description, scopes: args.scopes });
        if (outcome.kind === 'refused') return { __typename: 'BadRequest', message: outcome.message, signUpErrorCode: null };
        return { __typename: 'CreatedIntegrationToken', token: outcome.token, integrationToken: outcome.record };
      },
      revokeIntegrationToken: (_: unknown, args: { id: string }, ctx: RequestContext) => revokeIntegrationToken(ctx, args.id),
    },
    CreateIntegrationTokenResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
