// How the browser readies the next page of a client-side navigation: resolve the path
// once, load the page's chunk, and run its query into urql's cache, so the page renders
// complete in the commit that replaces the current one (no empty frame in between).
import type { Client } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { resolvePageForState } from '../../shared/routing/resolve-page.ts';
import { choosePage, type AppLocation, type CurrentPage } from './current-page.ts';
import type { PagePreparation } from './navigation.tsx';

export function browserPagePreparation(state: PreloadedState, client: Client): PagePreparation {
  const choose = (location: AppLocation) => choosePage(resolvePageForState(state, location.pathname));
  return {
    async prepare(location): Promise<CurrentPage | null> {
      const choice = choose(location);
      // Redirects, unknown addresses and pages this bundle lacks go to the server, which
      // answers with the right status code.
      if (choice.isNotFound) return null;
      const definition = await choice.module.load();
      const request = definition.query?.(choice.resolved?.params ?? {});
      // The result lands in urql's cache; the page's useQuery reads it on its first render.
      if (request) await client.query(request.query, request.variables).toPromise();
      return { ...choice, location, definition };
    },
    prefetch(location) {
      const choice = choose(location);
      if (!choice.isNotFound) {
        choice.module.load().catch(() => {
          // A failed prefetch is retried by the navigation itself.
        });
      }
    },
  };
}
