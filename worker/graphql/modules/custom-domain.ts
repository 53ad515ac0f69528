// The custom domain settings (docs/adr/0086-a-writers-custom-domain.md and docs/adr/0087-a-publications-custom-domain.md): the viewer's own domain
// (/me/settings/custom-domain: never a user id from the client), and a publication's
// (/{collectionSlug}/settings/custom-domain: its owner and editors only; anyone else is told the
// publication does not exist).
//
//   query    CustomDomainSettingsQuery  customDomainSettings → CustomDomainSettings (null when logged out)
//   mutation SetCustomDomain            setCustomDomain(domain) → CustomDomainSettings | CustomDomainFailure
//   mutation VerifyCustomDomain         verifyCustomDomain → CustomDomainVerification | CustomDomainFailure
//   mutation RemoveCustomDomain         removeCustomDomain → CustomDomainSettings
//   query    PublicationCustomDomain    publicationCustomDomain(collectionSlug) → PublicationCustomDomain (null unless an editor)
//   mutation SetPublicationCustomDomain, VerifyPublicationCustomDomain, RemovePublicationCustomDomain (collectionId)
//
// The flow and its rules: worker/accounts/custom-domain.ts (both holders) and
// worker/publications/publication-domain.ts (a publication's editors).
import type { RequestContext } from '../../context/request-context.ts';
import {
  customDomainSettings,
  domainAskerId,
  removeCustomDomain,
  requestCustomDomain,
  verifyCustomDomain,
  type CustomDomainSettings,
  type DomainHolder,
} from '../../accounts/custom-domain.ts';
import { publicationCustomDomain, publicationDomainHolder } from '../../publications/publication-domain.ts';
import { registrarApplyUrl } from '../../accounts/registrar.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "Domain connect errors (docs/product/3-routes-data-calls-constants.md §8)."
  enum DomainConnectError {
    ALREADY_CONNECTED
    INVALID_DOMAIN
    NON_MEMBER
    UNKNOWN
  }

  "The domain could not be set up or verified (docs/product/2-sign-in-notices-cache-routing.md §8 CustomDomainFailure); code says why."
  type CustomDomainFailure {
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
    "Whether the registrar can set the records up (docs/adr/0182-registrar-hand-off.md): /_/custom-domain/registrar."
    registrarHandOff: Boolean!
  }

  type CustomDomainVerification {
    settings: CustomDomainSettings!
    "Why it is still pending, when it is."
    pendingReason: String
  }

  union SetCustomDomainResult = CustomDomainSettings | CustomDomainFailure
  union VerifyCustomDomainResult = CustomDomainVerification | CustomDomainFailure

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

const userHolder = (id: string): DomainHolder => ({ kind: 'user', id });

const asSettings = (settings: CustomDomainSettings) => ({ __typename: 'CustomDomainSettings', ...settings });

async function settingsOf(ctx: RequestContext, holder: DomainHolder) {
  return asSettings(await customDomainSettings(ctx, holder));
}

async function requested(ctx: RequestContext, holder: DomainHolder, askerId: string, domain: string) {
  return (await requestCustomDomain(ctx, holder, askerId, domain)) ?? settingsOf(ctx, holder);
}

async function verified(ctx: RequestContext, holder: DomainHolder, askerId: string) {
  const outcome = await verifyCustomDomain(ctx, holder, askerId);
  if ('__typename' in outcome) return outcome;
  return { __typename: 'CustomDomainVerification', settings: await settingsOf(ctx, holder), pendingReason: outcome.state === 'PENDING' ? outcome.message : null };
}

async function removed(ctx: RequestContext, holder: DomainHolder) {
  await removeCustomDomain(ctx, holder);
  return settingsOf(ctx, holder);
}

export const customDomainModule: SchemaModule = {
  typeDefs,
  resolvers: {
    CustomDomainSettings: {
      registrarHandOff: (_settings: unknown, _args: unknown, ctx: RequestContext) => registrarApplyUrl(ctx) !== null,
    },
    Query: {
      customDomainSettings: (_: unknown, __: unknown, ctx: RequestContext) => (ctx.viewer.user ? settingsOf(ctx, userHolder(ctx.viewer.user.id)) : null),
      publicationCustomDomain: async (_: unknown, args: { collectionSlug: string }, ctx: RequestContext) => {
        const found = await publicationCustomDomain(ctx, args.collectionSlug);
        return found && { ...found, settings: asSettings(found.settings) };
      },
    },
    Mutation: {
      setCustomDomain: async (_: unknown, args: { domain: string }, ctx: RequestContext) => {
        const askerId = domainAskerId(ctx);
        return requested(ctx, userHolder(askerId), askerId, args.domain);
      },
      verifyCustomDomain: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const askerId = domainAskerId(ctx);
        return verified(ctx, userHolder(askerId), askerId);
      },
      removeCustomDomain: async (_: unknown, __: unknown, ctx: RequestContext) => removed(ctx, userHolder(domainAskerId(ctx))),
      setPublicationCustomDomain: async (_: unknown, args: { collectionId: string; domain: string }, ctx: RequestContext) => {
        const { holder, askerId } = await publicationDomainHolder(ctx, args.collectionId);
        return requested(ctx, holder, askerId, args.domain);
      },
      verifyPublicationCustomDomain: async (_: unknown, args: { collectionId: string }, ctx: RequestContext) => {
        const { holder, askerId } = await publicationDomainHolder(ctx, args.collectionId);
        return verified(ctx, holder, askerId);
      },
      removePublicationCustomDomain: async (_: unknown, args: { collectionId: string }, ctx: RequestContext) => {
        const { holder } = await publicationDomainHolder(ctx, args.collectionId);
        return removed(ctx, holder);
      },
    },
    SetCustomDomainResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    VerifyCustomDomainResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
