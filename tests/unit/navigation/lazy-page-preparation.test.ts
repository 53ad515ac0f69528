// The navigation's preparation is no start-up work (client/app/lazy-page-preparation.ts,
// docs/adr/0225-start-up-javascript-by-part.md): its code loads on the first intent or navigation
// (or the entry's load when idle), the preparation is made once, and an intent made before the
// code is in still runs once it is.
import { describe, expect, it } from 'vitest';
import { lazyPagePreparation } from '../../../client/app/lazy-page-preparation.ts';
import { parseLocation, type CurrentPage } from '../../../client/app/current-page.ts';
import type { PagePreparation } from '../../../client/app/navigation.tsx';

function recording() {
  const calls: string[] = [];
  let made = 0;
  const lazy = lazyPagePreparation((module) => {
    made += 1;
    expect(typeof module.browserPagePreparation).toBe('function');
    const preparation: PagePreparation = {
      prepare: async (location) => (calls.push(`prepare ${location.pathname}`), null as CurrentPage | null),
      prefetch: (location) => void calls.push(`prefetch ${location.pathname}`),
      preloadCode: (location) => void calls.push(`code ${location.pathname}`),
    };
    return preparation;
  });
  return { lazy, calls, made: () => made };
}

describe('lazyPagePreparation', () => {
  it('runs an intent made before its code is in once it is, and makes the preparation once', async () => {
    const { lazy, calls, made } = recording();
    lazy.prefetch(parseLocation('/@ada/a-story-0123456789ab'));
    lazy.preloadCode(parseLocation('/@grace'));
    expect(calls).toEqual([]);
    await lazy.prepare(parseLocation('/@ada'));
    expect(calls).toEqual(['prefetch /@ada/a-story-0123456789ab', 'code /@grace', 'prepare /@ada']);
    expect(made()).toBe(1);
  });

  it('once in, an intent runs in the same task', async () => {
    const { lazy, calls, made } = recording();
    await lazy.load();
    lazy.prefetch(parseLocation('/@ada'));
    expect(calls).toEqual(['prefetch /@ada']);
    expect(made()).toBe(1);
  });
});
