// The header's notification link with its unread badge
// (docs/product/1-product-screens-membership-header-search.md §2.5): logged in only. The count is
// fetched after hydration (UnreadNotificationCount), so the server's markup and the hydrated markup
// are the same; the badge appears once the answer is in.
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { mePageUrl } from '../../../shared/urls/me-urls.ts';
import { Link } from '../../app/navigation.tsx';
import { UnreadNotificationCount } from './NotificationLink.graphql.ts';
import { BellIcon } from './icons.tsx';
import { useLinkContext } from './link-context.ts';

/**
 * docs/product/1-product-screens-membership-header-search.md §9: the badge is capped at the text
 * 99+.
 */
export const NOTIFICATION_BADGE_CAP = 99;

export function unreadBadgeText(count: number | null | undefined): string | null {
  if (!count || count < 1) return null;
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

interface UnreadNotificationCountData {
  viewer: { id: string; notificationStatus: { id: string; unreadNotificationCount: number } | null } | null;
}

export function NotificationLink() {
  const ctx = useLinkContext();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [result] = useQuery<UnreadNotificationCountData>({ query: UnreadNotificationCount, pause: !mounted });
  // A failed count leaves the plain link
  // (docs/product/1-product-screens-membership-header-search.md §8: the page renders without the
  // enhancement).
  const count = result.data?.viewer?.notificationStatus?.unreadNotificationCount ?? 0;
  const badge = unreadBadgeText(count);
  return (
    <Link
      href={mePageUrl('notifications', ctx)}
      className="header-notifications"
      // The name carries the badge as shown (99+), so what is seen is what is read.
      aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
      data-testid="header-notifications"
    >
      <BellIcon />
      {badge ? (
        <span className="header-notifications-badge" data-testid="notification-badge" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
