// Partner Program enrolment and payout accounts (docs/partner-program.md):
//   mutation EnrollInPartnerProgram        enrollInPartnerProgram(country) → PartnerProgramOutcome
//   mutation UnenrollFromPartnerProgram    unenrollFromPartnerProgram → PartnerProgramOutcome
//   mutation StartPayoutAccountSetup       startPayoutAccountSetup(returnTo, country) → PayoutSetupStart (the provider's onboarding URL)
//   mutation FinishPayoutAccountSetup      finishPayoutAccountSetup → PartnerProgramOutcome (asks the provider)
import { enroll, finishPayoutSetup, startPayoutSetup, unenroll, type PayoutReturn } from '../../partner/enrollment.ts';
import { creatorPartnerProgramFlags } from '../../partner/post-flags.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  enum PayoutReturn {
    SETTINGS
    PARTNER_PROGRAM
    RECONNECT
  }

  "The result of an enrolment or payout step: the status after it, or why it was refused."
  type PartnerProgramOutcome {
    ok: Boolean!
    "ACTIVE, INACTIVE, PENDING_ACTION, SUSPENDED; null when never enrolled."
    status: String
    "CREATED, VERIFIED, FAILED; null when no payout account."
    payoutAccountState: String
    "NO_PUBLISHED_STORY, SUSPENDED, INVALID_COUNTRY, ALREADY_ENROLLED, NOT_ENROLLED, PAYOUT_PROVIDER_ERROR."
    code: String
    message: String
  }

  type PayoutSetupStart {
    ok: Boolean!
    "Where the browser goes to give the payment provider the payout details."
    url: String
    message: String
  }

  "The creator-partner program flags of a story (docs/partner-program.md, Flags on stories)."
  type CreatorPartnerProgramFlags {
    "The story's writer is in the Partner Program (ACTIVE or PENDING_ACTION)."
    isCreatorEnrolled: Boolean!
    "Members' reading of this story earns its writer money now (enrolled, published, not suspended)."
    isEarning: Boolean!
  }

  type Post {
    creatorPartnerProgramFlags: CreatorPartnerProgramFlags!
  }

  type Mutation {
    enrollInPartnerProgram(country: String!): PartnerProgramOutcome!
    unenrollFromPartnerProgram: PartnerProgramOutcome!
    startPayoutAccountSetup(returnTo: PayoutReturn!, country: String!): PayoutSetupStart!
    finishPayoutAccountSetup: PartnerProgramOutcome!
  }
`;

export const partnerProgramModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Post: {
      creatorPartnerProgramFlags: (post: StoryNode, _: unknown, ctx: RequestContext) => creatorPartnerProgramFlags(ctx, post),
    },
    Mutation: {
      enrollInPartnerProgram: (_: unknown, args: { country: string }, ctx: RequestContext) => enroll(ctx, args.country),
      unenrollFromPartnerProgram: (_: unknown, __: unknown, ctx: RequestContext) => unenroll(ctx),
      startPayoutAccountSetup: (_: unknown, args: { returnTo: PayoutReturn; country: string }, ctx: RequestContext) => startPayoutSetup(ctx, args.returnTo, args.country),
      finishPayoutAccountSetup: (_: unknown, __: unknown, ctx: RequestContext) => finishPayoutSetup(ctx),
    },
  },
};
