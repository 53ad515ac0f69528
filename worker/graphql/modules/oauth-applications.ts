// OAuth applications a developer registers under /me/applications (docs/adr/0088-oauth-for-third-party-applications.md):
// the viewer's own only. The client secret is in the answer of CreateOAuthApplication and
// nowhere else.
//
//   query    oauthApplications → [OAuthApplication!]! (empty when logged out)
//   mutation CreateOAuthApplication  createOAuthApplication(name, redirectUri) → CreatedOAuthApplication | BadRequest
//   mutation DeleteOAuthApplication  deleteOAuthApplication(id) → Boolean! (ends every token it was given)
import { listApplications, registerApplication, revokeApplication } from '../../integrations/oauth-applications.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

export const oauthApplicationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A third-party application readers authorize at /m/oauth/authorize. Its id is the OAuth client_id."
    type OAuthApplication {
      id: ID!
      name: String!
      "The one redirect URI, matched exactly."
      redirectUri: String!
      createdAt: Long!
    }

    "The new application: copy the client secret now, it is shown once."
    type CreatedOAuthApplication {
      clientSecret: String!
      application: OAuthApplication!
    }

    union CreateOAuthApplicationResult = CreatedOAuthApplication | BadRequest

    type Query {
      oauthApplications: [OAuthApplication!]!
    }

    type Mutation {
      createOAuthApplication(name: String!, redirectUri: String!): CreateOAuthApplicationResult!
      "False when the viewer has no such application."
      deleteOAuthApplication(id: ID!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      oauthApplications: (_: unknown, __: unknown, ctx: RequestContext) => listApplications(ctx),
    },
    Mutation: {
      createOAuthApplication: async (_: unknown, args: { name: string; redirectUri: string }, ctx: RequestContext) => {
        const outcome = await registerApplication(ctx, args);
        if (outcome.kind === 'refused') return { __typename: 'BadRequest', message: outcome.message, signUpErrorCode: null };
        return { __typename: 'CreatedOAuthApplication', clientSecret: outcome.clientSecret, application: outcome.application };
      },
      deleteOAuthApplication: (_: unknown, args: { id: string }, ctx: RequestContext) => revokeApplication(ctx, args.id),
    },
    CreateOAuthApplicationResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
