import { oneTapPrompt } from '../auth/social/google-one-tap.ts';
import { TAX_BANNER_STATUSES } from '../partner/tax-documents.ts';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { mainOrigin, type Env } from '../env.ts';
import { searchClientConfig } from '../search/config.ts';
import { startupConfig } from './startup-config.ts';
import type { HostContext } from '../host/resolve-host.ts';
import type { RequestViewer } from '../session/viewer.ts';

const ROUTING_ENTITY: Record<HostContext['kind'], PreloadedState['client']['routingEntityType']> = {
  default: 'DEFAULT',
  user: 'USER',
  collection: 'COLLECTION',
};

/**
 * The start-up state of a page. For a logged-out viewer it holds nothing personal, which
 * is what lets the edge cache share the page between readers.
 */
export function buildPreloadedState(env: Env, host: HostContext, viewer: RequestViewer, url: URL, flags: ReadonlySet<string>): PreloadedState {
  return {
    config: {
      productName: env.PRODUCT_NAME,
      environment: env.ENVIRONMENT,
      mainOrigin: mainOrigin(env),
      statusSiteUrl: env.STATUS_SITE_URL,
      search: searchClientConfig(env),
      ...oneTapPrompt(env, flags),
      startup: startupConfig(env),
    },
    client: { isBot: viewer.isBot, routingEntityType: ROUTING_ENTITY[host.kind] },
    navigation: {
      host: host.host,
      hostKind: host.kind,
      hostUsername: host.kind === 'user' ? host.username : null,
      hostCollectionSlug: host.kind === 'collection' ? host.collectionSlug : null,
      currentLocation: url.pathname + url.search,
    },
    session: {
      xsrf: viewer.user ? viewer.xsrf : null,
      isLoggedInCookie: viewer.user !== null,
      isSpoofed: viewer.isSpoofed,
    },
    viewer: viewer.user
      ? {
          id: viewer.user.id,
          username: viewer.user.username,
          name: viewer.user.name,
          imageId: viewer.user.imageId,
          // Only for the statuses that may see the tax banner, so no one else's page asks for it
          // (docs/partner-program.md "Tax documents").
          ...(viewer.user.partnerProgramStatus && TAX_BANNER_STATUSES.has(viewer.user.partnerProgramStatus) ? { partnerProgramStatus: viewer.user.partnerProgramStatus } : {}),
          // A suspended or limited account is told so on every page (the suspension wins).
          ...(viewer.user.isSuspended ? { standing: 'SUSPENDED' as const } : viewer.user.isLimited ? { standing: 'LIMITED' as const } : {}),
        }
      : null,
    flags: [...flags].sort(),
  };
}
