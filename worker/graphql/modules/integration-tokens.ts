// Integration tokens from settings (/me/applications; docs/adr/0012-accounts.md §4): the viewer's
// own tokens only. The secret is in the answer of CreateIntegrationToken and nowhere else.
//
//   query    integrationTokens → [IntegrationToken!]! (empty when logged out)
//   mutation CreateIntegrationToken  createIntegrationToken(description, scopes) → CreatedIntegrationToken | BadRequest
//   mutation RevokeIntegrationToken  revokeIntegrationToken(id) → Boolean!
import { GraphQLError } from 'graphql';
import { API_SCOPES, createIntegrationToken, listIntegrationTokens, revokeIntegrationToken } from '../../api/v1/integration-tokens.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

function requireUser(ctx: RequestContext): string {
  const id = ctx.viewer.user?.id;
  if (!id || ctx.viewer.isSpoofed) throw new GraphQLError('Sign in to manage your integration tokens.', { extensions: { code: 'UNAUTHENTICATED' } });
  return id;
}

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
      integrationTokens: (_: unknown, __: unknown, ctx: RequestContext) => (ctx.viewer.user ? listIntegrationTokens(ctx.db, ctx.viewer.user.id) : []),
    },
    Mutation: {
      createIntegrationToken: async (_: unknown, args: { description: string; scopes?: string[] | null }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        const outcome = await createIntegrationToken(ctx.db, userId, { description: args.description, scopes: args.scopes ?? [...API_SCOPES] }, ctx.now);
        if (outcome.kind === 'refused') return { __typename: 'BadRequest', message: outcome.message, signUpErrorCode: null };
        return { __typename: 'CreatedIntegrationToken', token: outcome.token, integrationToken: outcome.record };
      },
      revokeIntegrationToken: (_: unknown, args: { id: string }, ctx: RequestContext) => revokeIntegrationToken(ctx.db, requireUser(ctx), args.id, ctx.now),
    },
    CreateIntegrationTokenResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
