// The header's notification link in the browser: its code (the unread count's document and query)
// is a chunk of its own, loaded once a signed-in reader's page is idle after hydration or when the
// reader points at or focuses it (docs/adr/0209-parts-hydrated-after-start-up.md); until then the
// server's link stays as it is and opens its address. A visitor's header has no such link, so a
// visitor's page never loads it (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
import { deferredPart } from '../../app/deferred-part.tsx';

export const NotificationLink = deferredPart<Record<string, never>>(
  () => import('./NotificationLink.tsx').then((module) => module.NotificationLink),
  '.header-notifications',
);
