// Partner Program enrolment and payout accounts (docs/partner-program.md):
//   mutation EnrollInPartnerProgram        enrollInPartnerProgram(country) → PartnerProgramOutcome
//   mutation UnenrollFromPartnerProgram    unenrollFromPartnerProgram → PartnerProgramOutcome
//   mutation StartPayoutAccountSetup       startPayoutAccountSetup(returnTo, country) → PayoutSetupStart (the provider's onboarding URL)
//   mutation FinishPayoutAccountSetup      finishPayoutAccountSetup → PartnerProgramOutcome (asks the provider)
import { GraphQLError } from 'graphql';
import { mainOrigin } from '../../env.ts';
import { enroll, finishPayoutSetup, startPayoutSetup, unenroll, type PayoutReturn } from '../../partner/enrollment.ts';
import { paymentProviderFor } from '../../membership/payment-provider.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';
import { logEvent } from '../../lib/log-context.ts';

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

  type Mutation {
    enrollInPartnerProgram(country: String!): PartnerProgramOutcome!
    unenrollFromPartnerProgram: PartnerProgramOutcome!
    startPayoutAccountSetup(returnTo: PayoutReturn!, country: String!): PayoutSetupStart!
    finishPayoutAccountSetup: PartnerProgramOutcome!
  }
`;

function requireUser(ctx: RequestContext) {
  const user = ctx.viewer.user;
  if (!user) throw new GraphQLError('Sign in to continue.', { extensions: { code: 'UNAUTHENTICATED' } });
  if (ctx.viewer.isSpoofed) throw new GraphQLError('A spoofed session cannot change the Partner Program.', { extensions: { code: 'FORBIDDEN' } });
  return user;
}

async function outcome(ctx: RequestContext, userId: string, refusal: { code: string; message: string } | null = null) {
  const row = await ctx.env.DB.prepare('SELECT u.partner_program_status AS status, a.state FROM users u LEFT JOIN payout_accounts a ON a.user_id = u.id WHERE u.id = ?')
    .bind(userId)
    .first<{ status: string | null; state: string | null }>();
  return { ok: refusal === null, status: row?.status ?? null, payoutAccountState: row?.state ?? null, code: refusal?.code ?? null, message: refusal?.message ?? null };
}

export const partnerProgramModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Mutation: {
      enrollInPartnerProgram: async (_: unknown, args: { country: string }, ctx: RequestContext) => {
        const user = requireUser(ctx);
        return outcome(ctx, user.id, await enroll(ctx.env.DB, user.id, args.country.trim().toUpperCase().slice(0, 8), ctx.now));
      },
      unenrollFromPartnerProgram: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const user = requireUser(ctx);
        const done = await unenroll(ctx.env.DB, user.id);
        return outcome(ctx, user.id, done ? null : { code: 'NOT_ENROLLED', message: 'You are not in the Partner Program.' });
      },
      startPayoutAccountSetup: async (_: unknown, args: { returnTo: PayoutReturn; country: string }, ctx: RequestContext) => {
        const user = requireUser(ctx);
        const country = args.country.trim().toUpperCase();
        if (!/^[A-Z]{2}$/.test(country)) return { ok: false, url: null, message: 'Choose the country you live in.' };
        try {
          const url = await startPayoutSetup(ctx.env.DB, paymentProviderFor(ctx.env), { id: user.id, email: user.email }, country, mainOrigin(ctx.env), args.returnTo, ctx.now);
          return { ok: true, url, message: null };
        } catch (error) {
          logEvent({ event: 'payout_setup_failed', error: error instanceof Error ? error.message : String(error) }, 'error');
          return { ok: false, url: null, message: 'There was an error recording your payout information.' };
        }
      },
      finishPayoutAccountSetup: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const user = requireUser(ctx);
        const state = await finishPayoutSetup(ctx.env.DB, paymentProviderFor(ctx.env), user.id, ctx.now);
        if (state === null) return outcome(ctx, user.id, { code: 'NOT_ENROLLED', message: 'Set up a payout account first.' });
        if (state === 'FAILED') return outcome(ctx, user.id, { code: 'PAYOUT_PROVIDER_ERROR', message: 'There was an error recording your payout information.' });
        return outcome(ctx, user.id);
      },
    },
  },
};
