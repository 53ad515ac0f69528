// A changed username's old addresses keep working (docs/adr/0079-account-settings.md): a page under
// /@{old} that found nobody redirects to the same page under the new username. Only a 404 asks
// D1, so pages that exist cost nothing more (and a 404 is never edge-cached).
import { createMiddleware } from 'hono/factory';
import { CACHE_STATUS_HEADER, DYNAMIC_CACHE_CONTROL } from '../cache/headers.ts';
import type { PageEnv } from './page-pipeline.ts';
import { renamedUsername } from '../accounts/account-changes.ts';

export const redirectRenamedUsername = createMiddleware<PageEnv>(async (c, next) => {
  const username = c.get('resolved')?.params.username;
  await next();
  if (c.res.status !== 404 || !username) return;
  const current = await renamedUsername(c.env.DB, username);
  if (!current) return;
  const url = c.get('url');
  const prefix = `/@${username}`;
  const decoded = decodeURIComponent(url.pathname);
  if (!decoded.toLowerCase().startsWith(prefix.toLowerCase())) return;
  const location = `/@${encodeURIComponent(current)}${decoded.slice(prefix.length)}${url.search}`;
  c.res = new Response(null, {
    status: 301,
    headers: { location, [CACHE_STATUS_HEADER]: 'DYNAMIC', 'cache-control': DYNAMIC_CACHE_CONTROL },
  });
});
