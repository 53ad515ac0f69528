// The facts of a request the cache rules look at, gathered from the host, the viewer,
// the configuration and the address Cloudflare saw.
import type { RequestViewer } from '../session/viewer.ts';
import type { EdgeCacheConfig } from './config.ts';
import { experimentGroupFor } from './experiment.ts';
import { connectingIp, isInternalIp } from './internal-ip.ts';
import type { RequestFacts } from './rules.ts';

export function requestFacts(
  request: Request,
  viewer: RequestViewer,
  globalFlags: ReadonlySet<string>,
  config: EdgeCacheConfig,
  routeEligible: boolean,
): RequestFacts {
  const user = viewer.user;
  const address = connectingIp(request);
  return {
    cacheInUse: config.inUse,
    isGetOrHead: request.method === 'GET' || request.method === 'HEAD',
    routeEligible,
    isLoggedIn: user !== null,
    isBot: viewer.isBot,
    isStaff: user?.isStaff ?? false,
    isSpoofed: viewer.isSpoofed,
    isInternalIp: isInternalIp(config.internalIpRanges, address),
    experimentGroup: experimentGroupFor(config.experiment, address),
    flags: user ? new Set([...globalFlags, ...user.flags]) : globalFlags,
  };
}
