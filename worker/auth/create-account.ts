// CreateAccount (docs/product/3-routes-data-calls-constants.md §8): the pending registration of
// this browser (its registration cookie, or the token the form carries) becomes an account with
// a name and username, and the browser is signed in to it.
import type { UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { REGISTRATION_COOKIE, requestCookie } from './cookies.ts';
import { authCall } from './email-sign-in.ts';
import { authOutcomes, type AuthOutcome } from './outcomes.ts';
import { hit, LIMITS, peek } from './rate-limit.ts';
import { createAccount } from './registration.ts';
import { startSession } from './sign-in.ts';

/** The new account (signed in) with where its sign-up was headed, or why it was refused. */
export async function createAccountAndSignIn(
  ctx: RequestContext,
  input: { name: string; username: string; token?: string | null },
): Promise<{ created: UserRow; redirect: string } | AuthOutcome> {
  const call = authCall(ctx);
  // Accounts made too fast from one network (docs/outcomes.md UserCreationRateLimited).
  const made = await peek(ctx.db, LIMITS.accountsPerAddress, call.address, ctx.now);
  if (!made.allowed) return authOutcomes.userCreationRateLimited(made.resetsAt, ctx.now);
  const outcome = await createAccount(ctx.db, {
    ticketToken: input.token ?? requestCookie(ctx.request, REGISTRATION_COOKIE),
    name: input.name,
    username: input.username,
    now: ctx.now,
  });
  if (outcome.kind === 'no-ticket') return authOutcomes.notFound('This sign-up has expired. Please start again.');
  if (outcome.kind === 'invalid') return authOutcomes.badRequest(outcome.message, outcome.code);
  await hit(ctx.db, LIMITS.accountsPerAddress, call.address, ctx.now);
  for (const cookie of await startSession(ctx.db, { userId: outcome.user.id, url: call.url, viewer: ctx.viewer, now: ctx.now, userAgent: ctx.request?.headers.get('user-agent') ?? '', newAccount: true })) call.setCookie(cookie);
  return { created: outcome.user, redirect: outcome.redirect };
}
