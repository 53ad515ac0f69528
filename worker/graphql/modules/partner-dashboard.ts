// The Partner Program dashboard (docs/partner-program.md "Dashboard"):
//   query PartnerDashboardQuery  partnerDashboard(username) → PartnerDashboard
// Only the writer themself: another writer's dashboard is null (the page is the 404 page), as
// is a viewer who never enrolled.
import type { RequestContext } from '../../context/request-context.ts';
import { partnerDashboardOf } from '../../partner/dashboard.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A partner writer's earnings for one story in one month (cents, USD)."
  type PartnerStoryEarning {
    postId: ID!
    title: String!
    month: String!
    readingSeconds: Int!
    amount: Int!
    "EARNED, WITHHELD (tax documents missing), STOPPED (after the limit date) or FORFEITED."
    state: String!
  }

  type PartnerPayout {
    month: String!
    amount: Int!
    currency: String!
    "PENDING, PAID or FAILED."
    state: String!
    paidAt: Long
  }

  type PartnerDashboard {
    enrollmentStatus: String!
    currency: String!
    "All EARNED earnings."
    totalEarned: Int!
    "Withheld until the tax documents are approved."
    withheld: Int!
    paidOut: Int!
    "Earned and not paid out yet."
    balance: Int!
    "CREATED, VERIFIED, FAILED or DELETED; null when no payout account was set up."
    payoutAccountState: String
    "Newest month first, then the best-earning story."
    earnings: [PartnerStoryEarning!]!
    payouts: [PartnerPayout!]!
    "The newest payout failed: the toast with Try again."
    lastPayoutFailed: Boolean!
  }

  type Query {
    "Viewer only: the viewer's dashboard (username, when given, must be the viewer's)."
    partnerDashboard(username: String): PartnerDashboard
  }
`;

export const partnerDashboardModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      partnerDashboard: (_: unknown, args: { username?: string | null }, ctx: RequestContext) => partnerDashboardOf(ctx, args.username ?? null),
    },
  },
};
