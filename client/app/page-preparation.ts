// How the browser readies the next page of a client-side navigation: resolve the path
// once, load the page's chunk, and run its query into urql's cache, so the page renders
// complete in the commit that replaces the current one (no empty frame in between).
import type { Client } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { choosePage, type AppLocation, type CurrentPage } from './current-page.ts';
import type { PagePreparation } from './navigation.tsx';
import { setCallOrigin } from './call-origin.ts';

/**
 * The resolver (matcher, page list, layouts) is a chunk of its own: hydration starts from
 * the server's resolution, so only a navigation needs it. A link's prefetch (pointer-enter,
 * focus) loads it along with the target's page chunk.
 */
const loadResolver = () => import('../../shared/routing/resolve-page.ts');

export function browserPagePreparation(state: PreloadedState, client: Client): PagePreparation {
  const choose = async (location: AppLocation) => choosePage((await loadResolver()).resolvePageForState(state, location.pathname));
  return {
    async prepare(location): Promise<CurrentPage | null> {
      const choice = await choose(location);
      // Redirects, unknown addresses and pages this bundle lacks go to the server, which
      // answers with the right status code.
      if (choice.isNotFound) return null;
      const definition = await choice.module.load();
      // The next page's data is asked for in its name (docs/product/2-sign-in-notices-cache-routing.md §7).
      setCallOrigin(choice.resolved?.routeName, location.pathname + location.search);
      const request = definition.query?.(choice.resolved?.params ?? {}, choice.resolved?.routeName ?? null);
      // The result lands in urql's cache; the page's useQuery reads it on its first render.
      if (request) await client.query(request.query, request.variables).toPromise();
      return { ...choice, location, definition };
    },
    prefetch(location) {
      choose(location)
        .then((choice) => (choice.isNotFound ? undefined : choice.module.load()))
        .catch(() => {
          // A failed prefetch is retried by the navigation itself.
        });
    },
  };
}
