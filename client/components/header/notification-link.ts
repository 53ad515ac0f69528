// The header's notification link (signed-in only; docs/adr/0233-a-visitors-shell-without-signed-in-code.md):
// on the server, the link in the Suspense boundary the browser's variant
// (notification-link.browser.ts, scripts/build-client.mjs BROWSER_VARIANTS) hydrates once its
// chunk is in (docs/adr/0209-parts-hydrated-after-start-up.md).
import { serverPart } from '../../app/deferred-part.tsx';
import { NotificationLink as Link } from './NotificationLink.tsx';

export const NotificationLink = serverPart(Link);
