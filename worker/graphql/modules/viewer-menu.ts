// What the header and the avatar menu read about the signed-in viewer and the core
// schema lacks (docs/product/1-product-screens-membership-header-search.md §2.6, §3, §7:
// AvatarMenuQuery, UnreadNotificationCount):
//   User.partnerProgramEnrollment { status }   — the Partner Program item or its upsell
//   User.linkedAccounts { mastodon }           — "Go to …" or "Create an account" on the federated instance
//   User.notificationStatus { unreadNotificationCount } — the header's badge
//   Membership.memberSince                      — "Member since {month year}"
// membership, adminCollections, emailObfuscated and verifications.isBookAuthor are core.
// Like the core's personal fields, all of these answer null for anyone but the viewer. What
// they read is worker/accounts/viewer-menu.ts's and worker/notifications/notification-list.ts's.
import type { RequestContext } from '../../context/request-context.ts';
import { isViewer } from '../../context/viewer-checks.ts';
import type { UserRow } from '../../accounts/profiles.ts';
import { linkedMastodonAccount, partnerProgramStatus, type MastodonAccountRow } from '../../accounts/viewer-menu.ts';
import { unreadNotificationCount } from '../../notifications/notification-list.ts';
import { mastodonAccountUrl } from '../../integrations/mastodon.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  type User {
    "Viewer only. The viewer's Partner Program enrolment; null when they never enrolled."
    partnerProgramEnrollment: PartnerProgramEnrollment
    "Viewer only. Accounts linked elsewhere (the federated instance)."
    linkedAccounts: LinkedAccounts
    "Viewer only. Unread notifications (the header's badge)."
    notificationStatus: NotificationStatus
  }

  type Membership {
    "When the membership started: the avatar menu's 'Member since'."
    memberSince: Long!
  }

  "Partner program status of docs/product/3-routes-data-calls-constants.md §4."
  enum PartnerProgramEnrollmentStatus {
    ACTIVE
    INACTIVE
    PENDING_ACTION
    SUSPENDED
    UNKNOWN
  }

  type PartnerProgramEnrollment {
    "The user's id: one enrolment per user."
    id: ID!
    status: PartnerProgramEnrollmentStatus!
  }

  type LinkedAccounts {
    "The user's id."
    id: ID!
    "The linked account on the federated instance; null when none is linked."
    mastodon: MastodonAccount
  }

  type MastodonAccount {
    "The user's id: one linked account per user."
    id: ID!
    "The account name without the instance."
    username: String!
    "The instance's host."
    domain: String!
    "The account's profile on its instance: https://{domain}/@{username}."
    url: String!
  }

  type NotificationStatus {
    "The user's id."
    id: ID!
    unreadNotificationCount: Int!
  }
`;

/** A field of the viewer's own User: null for anyone else (and logged out). */
function viewerOnly<T>(read: (user: UserRow, ctx: RequestContext) => T) {
  return (user: UserRow, _args: unknown, ctx: RequestContext): T | null => (isViewer(ctx, user.id) ? read(user, ctx) : null);
}

export const viewerMenuModule: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      partnerProgramEnrollment: viewerOnly((user) => {
        const status = partnerProgramStatus(user);
        return status === null ? null : { id: user.id, status };
      }),
      linkedAccounts: viewerOnly((user) => ({ id: user.id })),
      notificationStatus: viewerOnly((user) => ({ id: user.id })),
    },
    LinkedAccounts: {
      mastodon: (linked: { id: string }, _args: unknown, ctx: RequestContext) => linkedMastodonAccount(ctx, linked.id),
    },
    MastodonAccount: {
      id: (account: MastodonAccountRow) => account.userId,
      url: (account: MastodonAccountRow, _args: unknown, ctx: RequestContext) => mastodonAccountUrl(ctx, account),
    },
    NotificationStatus: {
      unreadNotificationCount: (status: { id: string }, _args: unknown, ctx: RequestContext) => unreadNotificationCount(ctx, status.id),
    },
    Membership: {
      memberSince: (membership: { startedAt: number }) => membership.startedAt,
    },
  },
};
