// The navigation's preparation (./page-preparation.ts: resolving, the next page's code and data,
// a visitor's documents, preload reports) is no start-up work: hydration renders the page the
// server resolved and prepares nothing (docs/adr/0225-start-up-javascript-by-part.md). Its chunk
// loads once the page is idle after hydration (the entry's `load`), or for the first intent or
// navigation before that; once in, an intent runs in its own task, as before.
import type { PagePreparation } from './navigation.tsx';
import { lazyModule } from '../../shared/lazy-module.ts';

export type PagePreparationModule = typeof import('./page-preparation.ts');

export interface LazyPagePreparation extends PagePreparation {
  /** Loads the preparation's code and makes the preparation (once); a failed load is tried again by the next caller. */
  load(): Promise<{ module: PagePreparationModule; preparation: PagePreparation }>;
}

export function lazyPagePreparation(make: (module: PagePreparationModule) => PagePreparation): LazyPagePreparation {
  const lazy = lazyModule(() => import('./page-preparation.ts').then((module) => ({ module, preparation: make(module) })));
  /** Runs at once when the code is in, else once it is (an intent whose code failed to load is dropped: the navigation asks again). */
  const withPreparation = (run: (preparation: PagePreparation) => void) => {
    const loaded = lazy.loaded();
    if (loaded) run(loaded.preparation);
    else lazy.load().then(({ preparation }) => run(preparation), () => {});
  };
  return {
    load: lazy.load,
    prepare: async (location) => (await lazy.load()).preparation.prepare(location),
    prefetch: (location) => withPreparation((preparation) => preparation.prefetch(location)),
    preloadCode: (location) => withPreparation((preparation) => preparation.preloadCode(location)),
  };
}
