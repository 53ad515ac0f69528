// The page registry: every page module loads to a definition, and each entry's `chunk`
// names the module it imports — the asset manifest keys page chunks by module file name,
// so a wrong name would silently drop the page's modulepreload.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { choosePage, NOT_FOUND_PAGE, PAGES } from '../../../client/pages/registry.ts';
import { resolvePage } from '../../../shared/routing/resolve-page.ts';

const registrySource = readFileSync(path.resolve(import.meta.dirname, '../../../client/pages/registry.ts'), 'utf8');
const entries = Object.entries(PAGES).map(([name, module]) => [name, module!] as const);

describe('page registry', () => {
  it.each(entries)('%s loads a page definition', async (_name, module) => {
    const definition = await module.load();
    expect(typeof definition.Component).toBe('function');
    expect(typeof definition.title).toBe('function');
  });

  it('each chunk name is the file its entry imports', () => {
    const declared = [...registrySource.matchAll(/page\('([A-Za-z]+)', '\w+', \(\) => import\('\.\/([A-Za-z]+)\.tsx'\)\)/g)];
    // Every entry (and the not-found page) is written in this one shape…
    expect(declared.length).toBe(entries.length + 1);
    // …and names its own module.
    expect(declared.filter(([, chunk, file]) => chunk !== file)).toEqual([]);
  });

  // The browser's start-up imports the page's chunk by the address the document names and takes
  // this export from it (docs/adr/0221-the-page-module-named-by-the-document.md).
  it.each([...entries, ['not-found', NOT_FOUND_PAGE] as const])('%s: its exportName is the export its module loads', async (_name, module) => {
    const namespace = (await import(`../../../client/pages/${module.chunk}.tsx`)) as Record<string, unknown>;
    expect(namespace[module.exportName]).toBe(await module.load());
  });

  it('the not-found page stands in for unknown addresses, redirect routes and pages not built yet', () => {
    const navigation = { hostKind: 'default' as const, hostUsername: null, hostCollectionSlug: null };
    const resolve = (pathname: string) => resolvePage({ navigation, isLoggedIn: false, flags: [] }, pathname);
    expect(choosePage(resolve('/no/such/page/here')).module).toBe(NOT_FOUND_PAGE);
    expect(choosePage(null).isNotFound).toBe(true);
    const redirect = resolve('/p/new-post');
    expect(redirect?.redirects).toBe(true);
    expect(choosePage(redirect).isNotFound).toBe(true);
    const story = choosePage(resolve('/@ada/a-story-0123456789ab'));
    expect(story.isNotFound).toBe(false);
    expect(story.module).toBe(PAGES.post);
    expect(story.resolved?.params.postId).toBe('a-story-0123456789ab');
  });
});
