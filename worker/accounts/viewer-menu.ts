// What the header and the avatar menu show of the signed-in viewer beyond their account row
// (docs/product/1-product-screens-membership-header-search.md §2.6, §3, §7: AvatarMenuQuery):
// the Partner Program item or its upsell, and the account linked on the federated instance.
// The unread count is worker/notifications/notification-list.ts's.
import { eq } from 'drizzle-orm';
import { mastodonAccounts, type MastodonAccountRow, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';

export type { MastodonAccountRow };

/** Partner program status of docs/product/3-routes-data-calls-constants.md §4. */
export type PartnerProgramEnrollmentStatus = 'ACTIVE' | 'INACTIVE' | 'PENDING_ACTION' | 'SUSPENDED' | 'UNKNOWN';

const STATUSES = new Set(['ACTIVE', 'INACTIVE', 'PENDING_ACTION', 'SUSPENDED']);

/** The user's Partner Program enrolment status; null when they never enrolled. */
export function partnerProgramStatus(user: Pick<UserRow, 'partnerProgramStatus'>): PartnerProgramEnrollmentStatus | null {
  if (user.partnerProgramStatus === null) return null;
  return STATUSES.has(user.partnerProgramStatus) ? (user.partnerProgramStatus as PartnerProgramEnrollmentStatus) : 'UNKNOWN';
}

/** The account the user linked on the federated instance; null when none is linked. */
export async function linkedMastodonAccount(ctx: RequestContext, userId: string): Promise<MastodonAccountRow | null> {
  const [row] = await orm(ctx.db).select().from(mastodonAccounts).where(eq(mastodonAccounts.userId, userId)).limit(1);
  return row ?? null;
}

