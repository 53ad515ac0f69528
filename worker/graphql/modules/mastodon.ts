// Mastodon for members (docs/adr/0180-mastodon-for-members.md): claim an account on the members'
// instance, connect one from any instance, disconnect. The spec's result kinds
// MastodonInstanceConnectionError, MastodonAccountConnectionError and
// MastodonAccountValidationError (with problems). The rules: worker/integrations/mastodon.ts.
import type { RequestContext } from '../../context/request-context.ts';
import { linkedMastodonAccount } from '../../accounts/viewer-menu.ts';
import { claimMastodonAccount, disconnectMastodonAccount, mastodonOffer, startMastodonConnection } from '../../integrations/mastodon.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "What /mastodon offers here."
  type MastodonForMembers {
    "The members' instance, where an account is claimed; null when it is not open."
    membersInstanceDomain: String
    "In development: the stand-in instance's name, to connect an account on it."
    localInstanceDomain: String
    signedIn: Boolean!
    "Claiming and connecting are for active members."
    viewerIsMember: Boolean!
    "The viewer's linked account; null when none is linked."
    account: MastodonAccount
  }

  "Go here to allow the connection on the instance."
  type MastodonAuthorization {
    authorizeUrl: String!
  }

  type MastodonInstanceConnectionError {
    message: String!
    domain: String
  }
  type MastodonAccountConnectionError {
    message: String!
  }
  "One problem the instance found with the account to create."
  type MastodonAccountProblem {
    "username, email, …"
    field: String!
    "Mastodon's code: ERR_TAKEN, ERR_RESERVED, ERR_INVALID, …"
    code: String!
    message: String!
  }
  type MastodonAccountValidationError {
    message: String!
    problems: [MastodonAccountProblem!]!
  }

  union ConnectMastodonAccountResult = MastodonAuthorization | MastodonInstanceConnectionError | MastodonAccountConnectionError
  union ClaimMastodonAccountResult = MastodonAccount | MastodonInstanceConnectionError | MastodonAccountConnectionError | MastodonAccountValidationError

  type Query {
    mastodonForMembers: MastodonForMembers!
  }

  type Mutation {
    "Starts connecting an account the member has on an instance (its address, or @name@instance)."
    connectMastodonAccount(instance: String!): ConnectMastodonAccountResult!
    "Creates an account with this username on the members' instance and links it."
    claimMastodonAccount(username: String!): ClaimMastodonAccountResult!
    "Forgets the linked account (it stays on its instance)."
    disconnectMastodonAccount: Boolean!
  }
`;

const resolveType = { __resolveType: (value: { __typename: string }) => value.__typename };
const typed = <T extends { kind: string }>(result: T) => ({ __typename: result.kind, ...result });

export const mastodonModule: SchemaModule = {
  typeDefs,
  resolvers: {
    ConnectMastodonAccountResult: resolveType,
    ClaimMastodonAccountResult: resolveType,
    MastodonForMembers: {
      account: (offer: { userId: string | null }, _a: unknown, ctx: RequestContext) => (offer.userId ? linkedMastodonAccount(ctx, offer.userId) : null),
    },
    Query: {
      mastodonForMembers: (_r: unknown, _a: unknown, ctx: RequestContext) => mastodonOffer(ctx),
    },
    Mutation: {
      connectMastodonAccount: async (_r: unknown, args: { instance: string }, ctx: RequestContext) => typed(await startMastodonConnection(ctx, args.instance)),
      claimMastodonAccount: async (_r: unknown, args: { username: string }, ctx: RequestContext) => {
        const result = await claimMastodonAccount(ctx, args.username);
        if (result.kind !== 'MastodonAccount') return typed(result);
        return { __typename: 'MastodonAccount', ...(await linkedMastodonAccount(ctx, result.userId)) };
      },
      disconnectMastodonAccount: (_r: unknown, _a: unknown, ctx: RequestContext) => disconnectMastodonAccount(ctx),
    },
  },
};
