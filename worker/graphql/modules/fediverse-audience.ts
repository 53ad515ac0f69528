// Fediverse followers on the audience page (issue 30 point 2;
// docs/adr/0207-fediverse-followers-in-the-audience.md): counted and listed beside the others on
// WriterStats (which only the writer, or a publication's editors, ever receive), removed one by
// one, or a whole instance or one person blocked (docs/adr/0214-blocking-a-fediverse-person.md); Follows held for the writer's approval approved or declined
// (docs/adr/0212-approving-fediverse-followers.md). The rules are worker/federation/audience.ts's.
import type { RequestContext } from '../../context/request-context.ts';
import {
  approveFediverseFollower,
  blockFediverseInstance,
  blockFediversePerson,
  declineFediverseFollower,
  fediverseApprovesFollowers,
  fediverseFollowRequests,
  setFediverseFollowerApproval,
  fediverseFollowerCount,
  fediverseFollowers,
  fediverseInstanceBlocks,
  fediversePersonBlocks,
  removeFediverseFollower,
  unblockFediverseInstance,
  unblockFediversePerson,
} from '../../federation/audience.ts';
import type { WriterStats } from '../../stats/writer-stats.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A fediverse account (Mastodon and the like) following a writer or a publication."
  type FediverseFollower {
    "The account's ActivityPub actor id (what removeFediverseFollower names)."
    id: ID!
    "@{name}@{instance}, or the actor id when the account names no handle."
    handle: String!
    "The account's server, e.g. social.example.org."
    instance: String!
    "When they followed (ms since the epoch)."
    followedAt: Float!
  }

  type FediverseFollowerPage {
    followers: [FediverseFollower!]!
    "Pass as 'after' for the next page; null on the last page."
    nextCursor: String
  }

  "An instance the writer blocked: its accounts cannot follow them."
  type FediverseInstanceBlock {
    instance: String!
    blockedAt: Float!
  }

  "A fediverse account the writer blocked: it cannot follow them, its replies, likes and boosts are refused and its replies are not shown to readers."
  type FediversePersonBlock {
    "The account's ActivityPub actor id (what unblockFediversePerson names)."
    id: ID!
    "@{name}@{instance}."
    handle: String!
    blockedAt: Float!
  }

  type FediverseInstanceBlockResult {
    instance: String!
    "Followers from the instance removed by the block."
    removedFollowers: Int!
  }

  extend type WriterStats {
    "Fediverse followers now (beside followerCount, the members following)."
    fediverseFollowerCount: Int!
    "The fediverse followers, newest first, paged (first: at most 100, default 20)."
    fediverseFollowers(after: String, first: Int): FediverseFollowerPage!
    "Instances blocked by the writer (or the publication)."
    fediverseInstanceBlocks: [FediverseInstanceBlock!]!
    "Fediverse accounts blocked by the writer (or the publication), newest first."
    fediversePersonBlocks: [FediversePersonBlock!]!
    "Whether fediverse Follows wait for the writer's approval (the actor says manuallyApprovesFollowers)."
    fediverseApprovesFollowers: Boolean!
    "Fediverse Follows waiting for approval, newest first (followedAt: when they asked), paged as fediverseFollowers; not followers yet."
    fediverseFollowRequests(after: String, first: Int): FediverseFollowerPage!
  }

  type Mutation {
    "Removes one of the viewer's fediverse followers; their server is sent a Reject of the Follow."
    removeFediverseFollower(followerId: ID!): FediverseFollower!
    "Blocks an instance for the viewer: every follower from it removed, its Follows refused."
    blockFediverseInstance(instance: String!): FediverseInstanceBlockResult!
    "Lifts the viewer's block of an instance: its accounts may follow again."
    unblockFediverseInstance(instance: String!): FediverseInstanceBlockResult!
    "Blocks one fediverse account for the viewer (a follower, a Follow waiting or a reply's author): its follow ends (its server is sent a Reject), its replies leave the readers' threads."
    blockFediversePerson(personId: ID!): FediversePersonBlock!
    "Lifts the viewer's block of a fediverse account: it may follow again and its replies show again."
    unblockFediversePerson(personId: ID!): FediversePersonBlock!
    "Turns 'Approve fediverse followers' on or off for the viewer; Follows already waiting stay waiting. Answers the new setting."
    setFediverseFollowerApproval(approve: Boolean!): Boolean!
    "Approves a waiting Follow: the account becomes a follower and its server is sent an Accept."
    approveFediverseFollower(followerId: ID!): FediverseFollower!
    "Declines a waiting Follow: it is removed and its server is sent a Reject."
    declineFediverseFollower(followerId: ID!): FediverseFollower!
  }
`;

export const fediverseAudienceModule: SchemaModule = {
  typeDefs,
  resolvers: {
    WriterStats: {
      fediverseFollowerCount: (stats: WriterStats, _args: unknown, ctx: RequestContext) => fediverseFollowerCount(ctx, stats.ownerId),
      fediverseFollowers: (stats: WriterStats, args: { after?: string | null; first?: number | null }, ctx: RequestContext) =>
        fediverseFollowers(ctx, stats.ownerId, args.after ?? null, args.first ?? null),
      fediverseInstanceBlocks: async (stats: WriterStats, _args: unknown, ctx: RequestContext) =>
        (await fediverseInstanceBlocks(ctx, stats.ownerId)).map((block) => ({ instance: block.host, blockedAt: block.createdAt })),
      fediversePersonBlocks: (stats: WriterStats, _args: unknown, ctx: RequestContext) => fediversePersonBlocks(ctx, stats.ownerId),
      fediverseApprovesFollowers: (stats: WriterStats, _args: unknown, ctx: RequestContext) => fediverseApprovesFollowers(ctx, stats.ownerId),
      fediverseFollowRequests: (stats: WriterStats, args: { after?: string | null; first?: number | null }, ctx: RequestContext) =>
        fediverseFollowRequests(ctx, stats.ownerId, args.after ?? null, args.first ?? null),
    },
    Mutation: {
      removeFediverseFollower: (_root: unknown, args: { followerId: string }, ctx: RequestContext) => removeFediverseFollower(ctx, args.followerId),
      blockFediverseInstance: (_root: unknown, args: { instance: string }, ctx: RequestContext) => blockFediverseInstance(ctx, args.instance),
      unblockFediverseInstance: (_root: unknown, args: { instance: string }, ctx: RequestContext) => unblockFediverseInstance(ctx, args.instance),
      blockFediversePerson: (_root: unknown, args: { personId: string }, ctx: RequestContext) => blockFediversePerson(ctx, args.personId),
      unblockFediversePerson: (_root: unknown, args: { personId: string }, ctx: RequestContext) => unblockFediversePerson(ctx, args.personId),
      setFediverseFollowerApproval: (_root: unknown, args: { approve: boolean }, ctx: RequestContext) => setFediverseFollowerApproval(ctx, args.approve),
      approveFediverseFollower: (_root: unknown, args: { followerId: string }, ctx: RequestContext) => approveFediverseFollower(ctx, args.followerId),
      declineFediverseFollower: (_root: unknown, args: { followerId: string }, ctx: RequestContext) => declineFediverseFollower(ctx, args.followerId),
    },
  },
};
