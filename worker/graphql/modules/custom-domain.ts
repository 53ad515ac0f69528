// The custom domain settings (docs/adr/0012-accounts.md §7, §8): the viewer's own domain
// (/me/settings/custom-domain: never a user id from the client), and a publication's
// (/{collectionSlug}/settings/custom-domain: its owner and editors only; anyone else is told the
// publication does not exist).
//
//   query    CustomDomainSettingsQuery  customDomainSettings → CustomDomainSettings (null when logged out)
//   mutation SetCustomDomain            setCustomDomain(domain) → CustomDomainSettings | CustomDomainRefused
//   mutation VerifyCustomDomain         verifyCustomDomain → CustomDomainVerification | CustomDomainRefused
//   mutation RemoveCustomDomain         removeCustomDomain → CustomDomainSettings
//   query    PublicationCustomDomain    publicationCustomDomain(collectionSlug) → PublicationCustomDomain (null unless an editor)
//   mutation SetPublicationCustomDomain, VerifyPublicationCustomDomain, RemovePublicationCustomDomain (collectionId)
import { GraphQLError } from 'graphql';
import { mainOrigin } from '../../env.ts';
import {
  customDomainOf,
  requestCustomDomain,
  removeCustomDomain,
  verificationName,
  verificationValue,
  verifyCustomDomain,
  type DomainHolder,
} from '../../accounts/custom-domain.ts';
import { dnsResolverFor } from '../../accounts/dns/dns-resolver.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';
import { isEditorOf } from './submissions.ts';

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

  "A publication's custom domain, for its owner and editors."
  type PublicationCustomDomain {
    collectionId: ID!
    name: String!
    slug: String!
    settings: CustomDomainSettings!
  }

  type Query {
    customDomainSettings: CustomDomainSettings
    "Null unless the viewer owns or edits the publication."
    publicationCustomDomain(collectionSlug: String!): PublicationCustomDomain
  }

  type Mutation {
    "SetCustomDomain: the domain is PENDING until VerifyCustomDomain finds its TXT record."
    setCustomDomain(domain: String!): SetCustomDomainResult!
    verifyCustomDomain: VerifyCustomDomainResult!
    removeCustomDomain: CustomDomainSettings!
    "The publication's owner and editors; the asker's membership is what NON_MEMBER checks."
    setPublicationCustomDomain(collectionId: ID!, domain: String!): SetCustomDomainResult!
    verifyPublicationCustomDomain(collectionId: ID!): VerifyCustomDomainResult!
    removePublicationCustomDomain(collectionId: ID!): CustomDomainSettings!
  }
`;

function requireUser(ctx: RequestContext): string {
  const id = ctx.viewer.user?.id;
  if (!id) throw new GraphQLError('Sign in to change your settings.', { extensions: { code: 'UNAUTHENTICATED' } });
  if (ctx.viewer.isSpoofed) throw new GraphQLError('A spoofed session cannot change settings.', { extensions: { code: 'FORBIDDEN' } });
  return id;
}

/** The publication as its editor's target; NOT_FOUND for anyone else (it does not reveal the publication's settings exist). */
async function requireEditor(ctx: RequestContext, collectionId: string): Promise<{ holder: DomainHolder; askerId: string }> {
  const askerId = requireUser(ctx);
  if (!(await isEditorOf(ctx, collectionId))) throw new GraphQLError('This publication does not exist.', { extensions: { code: 'NOT_FOUND' } });
  return { holder: { kind: 'collection', id: collectionId }, askerId };
}

async function settingsOf(ctx: RequestContext, holder: DomainHolder) {
  const { domain, state } = await customDomainOf(ctx.db, holder);
  const records =
    domain && state === 'PENDING'
      ? [
          { type: 'TXT', name: verificationName(domain), value: await verificationValue(holder, domain) },
          { type: 'CNAME', name: domain, value: new URL(mainOrigin(ctx.env)).hostname },
        ]
      : [];
  return { __typename: 'CustomDomainSettings', state, domain, records };
}

const userHolder = (id: string): DomainHolder => ({ kind: 'user', id });

async function verified(ctx: RequestContext, holder: DomainHolder, askerId: string) {
  const outcome = await verifyCustomDomain(ctx.env, dnsResolverFor(ctx.env), holder, askerId, ctx.now);
  if ('__typename' in outcome) return outcome;
  return { __typename: 'CustomDomainVerification', settings: await settingsOf(ctx, holder), pendingReason: outcome.state === 'PENDING' ? outcome.message : null };
}

async function publicationCustomDomain(_: unknown, args: { collectionSlug: string }, ctx: RequestContext) {
  if (!ctx.viewer.user) return null;
  const row = await ctx.db
    .prepare('SELECT id, name, slug FROM collections WHERE slug = ? COLLATE NOCASE')
    .bind(args.collectionSlug)
    .first<{ id: string; name: string; slug: string }>();
  if (!row || !(await isEditorOf(ctx, row.id))) return null;
  return { collectionId: row.id, name: row.name, slug: row.slug, settings: await settingsOf(ctx, { kind: 'collection', id: row.id }) };
}

export const customDomainModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      customDomainSettings: (_: unknown, __: unknown, ctx: RequestContext) => (ctx.viewer.user ? settingsOf(ctx, userHolder(ctx.viewer.user.id)) : null),
      publicationCustomDomain,
    },
    Mutation: {
      setCustomDomain: async (_: unknown, args: { domain: string }, ctx: RequestContext) => {
        const holder = userHolder(requireUser(ctx));
        return (await requestCustomDomain(ctx.env, holder, holder.id, args.domain, ctx.now)) ?? settingsOf(ctx, holder);
      },
      verifyCustomDomain: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const holder = userHolder(requireUser(ctx));
        return verified(ctx, holder, holder.id);
      },
      removeCustomDomain: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const holder = userHolder(requireUser(ctx));
        await removeCustomDomain(ctx.env, holder);
        return settingsOf(ctx, holder);
      },
      setPublicationCustomDomain: async (_: unknown, args: { collectionId: string; domain: string }, ctx: RequestContext) => {
        const { holder, askerId } = await requireEditor(ctx, args.collectionId);
        return (await requestCustomDomain(ctx.env, holder, askerId, args.domain, ctx.now)) ?? settingsOf(ctx, holder);
      },
      verifyPublicationCustomDomain: async (_: unknown, args: { collectionId: string }, ctx: RequestContext) => {
        const { holder, askerId } = await requireEditor(ctx, args.collectionId);
        return verified(ctx, holder, askerId);
      },
      removePublicationCustomDomain: async (_: unknown, args: { collectionId: string }, ctx: RequestContext) => {
        const { holder } = await requireEditor(ctx, args.collectionId);
        await removeCustomDomain(ctx.env, holder);
        return settingsOf(ctx, holder);
      },
    },
    SetCustomDomainResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    VerifyCustomDomainResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
