// The custom domain setting (/me/settings/custom-domain; docs/adr/0012-accounts.md §7): the
// viewer's own domain only, never an id from the client.
//
//   query    CustomDomainSettingsQuery  customDomainSettings → CustomDomainSettings (null when logged out)
//   mutation SetCustomDomain            setCustomDomain(domain) → CustomDomainSettings | CustomDomainRefused
//   mutation VerifyCustomDomain         verifyCustomDomain → CustomDomainVerification | CustomDomainRefused
//   mutation RemoveCustomDomain         removeCustomDomain → CustomDomainSettings
import { GraphQLError } from 'graphql';
import { mainOrigin } from '../../env.ts';
import { requestCustomDomain, removeCustomDomain, verificationName, verificationValue, verifyCustomDomain } from '../../accounts/custom-domain.ts';
import { dnsResolverFor } from '../../accounts/dns/dns-resolver.ts';
import type { GraphQLContext } from '../context.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "Domain connect errors (docs/product/3-routes-data-calls-constants.md §8)."
  enum DomainConnectError {
    ALREADY_CONNECTED
    INVALID_DOMAIN
    NON_MEMBER
    UNKNOWN
  }

  type CustomDomainRefused {
    code: DomainConnectError!
    message: String!
  }

  "A DNS record the writer adds at their DNS provider."
  type DnsRecordInstruction {
    type: String!
    name: String!
    value: String!
  }

  "The viewer's custom domain and what verifying it takes."
  type CustomDomainSettings {
    "NONE, PENDING or LIVE."
    state: String!
    domain: String
    "While PENDING: the TXT record that proves the domain is the viewer's, and the CNAME that sends its traffic here."
    records: [DnsRecordInstruction!]!
  }

  type CustomDomainVerification {
    settings: CustomDomainSettings!
    "Why it is still pending, when it is."
    pendingReason: String
  }

  union SetCustomDomainResult = CustomDomainSettings | CustomDomainRefused
  union VerifyCustomDomainResult = CustomDomainVerification | CustomDomainRefused

  type Query {
    customDomainSettings: CustomDomainSettings
  }

  type Mutation {
    "SetCustomDomain: the domain is PENDING until VerifyCustomDomain finds its TXT record."
    setCustomDomain(domain: String!): SetCustomDomainResult!
    verifyCustomDomain: VerifyCustomDomainResult!
    removeCustomDomain: CustomDomainSettings!
  }
`;

function requireUser(ctx: GraphQLContext): string {
  const id = ctx.viewer.user?.id;
  if (!id) throw new GraphQLError('Sign in to change your settings.', { extensions: { code: 'UNAUTHENTICATED' } });
  if (ctx.viewer.isSpoofed) throw new GraphQLError('A spoofed session cannot change settings.', { extensions: { code: 'FORBIDDEN' } });
  return id;
}

async function settingsOf(ctx: GraphQLContext, userId: string) {
  const row = await ctx.db
    .prepare('SELECT custom_domain, custom_domain_state FROM users WHERE id = ?')
    .bind(userId)
    .first<{ custom_domain: string | null; custom_domain_state: string }>();
  const domain = row?.custom_domain ?? null;
  const state = domain ? (row?.custom_domain_state ?? 'NONE') : 'NONE';
  const records =
    domain && state === 'PENDING'
      ? [
          { type: 'TXT', name: verificationName(domain), value: await verificationValue(userId, domain) },
          { type: 'CNAME', name: domain, value: new URL(mainOrigin(ctx.env)).hostname },
        ]
      : [];
  return { __typename: 'CustomDomainSettings', state, domain, records };
}

export const customDomainModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      customDomainSettings: (_: unknown, __: unknown, ctx: GraphQLContext) => (ctx.viewer.user ? settingsOf(ctx, ctx.viewer.user.id) : null),
    },
    Mutation: {
      setCustomDomain: async (_: unknown, args: { domain: string }, ctx: GraphQLContext) => {
        const userId = requireUser(ctx);
        return (await requestCustomDomain(ctx.env, userId, args.domain, ctx.now)) ?? settingsOf(ctx, userId);
      },
      verifyCustomDomain: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
        const userId = requireUser(ctx);
        const outcome = await verifyCustomDomain(ctx.env, dnsResolverFor(ctx.env), userId, ctx.now);
        if ('__typename' in outcome) return outcome;
        return { __typename: 'CustomDomainVerification', settings: await settingsOf(ctx, userId), pendingReason: outcome.state === 'PENDING' ? outcome.message : null };
      },
      removeCustomDomain: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
        const userId = requireUser(ctx);
        await removeCustomDomain(ctx.env, userId);
        return settingsOf(ctx, userId);
      },
    },
    SetCustomDomainResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    VerifyCustomDomainResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
