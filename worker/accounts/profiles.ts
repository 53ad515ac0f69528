// Who a profile shows: the rules that decide whether an account is shown at all, as itself or
// as an outcome (docs/product/2-sign-in-notices-cache-routing.md §3), and what of its private
// details a page may show.
import type { UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { outcomes, type Outcome } from '../context/outcomes.ts';
import { maySeeSuspended } from '../context/viewer-checks.ts';

/** An account as capabilities hand it out (and as GraphQL's User resolves from). */
export type { UserRow };

/** Deleted accounts are gone for everyone; a suspended one is still itself (isSuspended says so). */
export function existingUser(user: UserRow | null): UserRow | null {
  return user && user.deletedAt === null ? user : null;
}

/**
 * Deleted accounts are gone for everyone. Suspended accounts show as AccountSuspended,
 * except to themselves, staff and can_view_suspended_content viewers.
 */
export function userOrOutcome(ctx: RequestContext, user: UserRow | null): UserRow | Outcome {
  if (!user) return outcomes.notFound('user');
  if (user.deletedAt !== null) return outcomes.accountDeleted();
  if (user.isSuspended && !maySeeSuspended(ctx, user.id)) return outcomes.accountSuspended(ctx.env.PRODUCT_NAME);
  return user;
}

/** r•••••@vellum.test: the first letter and the domain; the dots hide the length too. */
export function obfuscateEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••••';
  return `${email.slice(0, 1)}•••••${email.slice(at)}`;
}
