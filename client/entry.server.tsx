// The door: the only client module the worker imports (docs/adr/0039-one-door-worker-to-client.md).
// It answers the two things the worker needs from the client side: which page a resolved
// route shows, and the page rendered as an HTML stream. GraphQL reaches the render as a
// function the worker passes in, so nothing under client/ imports the worker's schema.
import type { ResolvedPage } from '../shared/routing/resolve-page.ts';
import { parseLocation, type CurrentPage } from './app/current-page.ts';
import { choosePage } from './pages/registry.ts';

export { renderPage, PageDataError, type RenderRequest, type RenderedPage } from './server/render-page.tsx';
export type { ExecuteGraphQL } from './server/executor-exchange.ts';
export type { CurrentPage } from './app/current-page.ts';

/**
 * The page a resolved route shows (the not-found page for no route, a redirect route the
 * worker could not answer, or a page not built yet), with its module loaded. Every page
 * module is in the worker's bundle, so this settles at once.
 */
export async function pageFor(resolved: ResolvedPage | null, url: URL): Promise<CurrentPage> {
  const choice = choosePage(resolved);
  return { ...choice, location: parseLocation(url.pathname + url.search), definition: await choice.module.load() };
}
