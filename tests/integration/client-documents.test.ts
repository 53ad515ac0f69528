/// <reference types="vite/client" />
// Every document the client sends — pages' queries beside the pages (client/pages/*.graphql.ts),
// components' fragments and operations beside the components (client/components/**/*.graphql.ts)
// — must be valid against the server's schema and
// stay within the endpoint's depth and cost limits. Server
// rendering executes documents in-process without either check, so a broken field or an
// over-deep query would otherwise surface only after a client-side navigation or refetch,
// when the browser sends it over HTTP.
import { print, specifiedRules, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../worker/graphql/schema.ts';
import { limitRules } from '../../worker/graphql/limits.ts';
import { CatalogResponses_catalog } from '../../client/components/lists/CatalogResponses.graphql.ts';
import { RESPONSES_PAGE_LIMIT } from '../../client/components/story/ResponsesSection.graphql.ts';

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../client/**/*.graphql.ts'],
  { eager: true },
);

const isOperation = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as DocumentNode).definitions?.some((d) => d.kind === 'OperationDefinition') === true;

const operations: [string, DocumentNode][] = Object.entries(modules).flatMap(([path, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, DocumentNode] => isOperation(entry[1]))
    .map(([name, doc]): [string, DocumentNode] => [`${path.split('/').pop()} ${name}`, doc]),
);

/** Every fragment definition, by the module that exports it (a document carries copies of its fragments' definitions). */
const fragmentModules = new Map<string, Set<string>>();
for (const [path, exports] of Object.entries(modules)) {
  for (const value of Object.values(exports)) {
    const definitions = (value as Partial<DocumentNode> | null)?.definitions;
    const own = Array.isArray(definitions) && definitions.length > 0 && definitions[0]!.kind === 'FragmentDefinition' ? definitions[0] : null;
    if (own?.kind === 'FragmentDefinition') fragmentModules.set(own.name.value, (fragmentModules.get(own.name.value) ?? new Set()).add(path));
  }
}

describe('client GraphQL documents', () => {
  // Fragments with one name in two modules would replace each other in a document that
  // spreads both (gql.tada keeps the first definition of a name).
  it('define each fragment name in one module', () => {
    expect(fragmentModules.size).toBeGreaterThan(10);
    const twice = [...fragmentModules].filter(([, paths]) => paths.size > 1).map(([name]) => name);
    expect(twice).toEqual([]);
  });

  it('are found in every module', () => {
    const files = new Set(operations.map(([name]) => name.split(' ')[0]));
    for (const file of [
      'PostPage.graphql.ts',
      'NotFoundPage.graphql.ts',
      'ResponsesSection.graphql.ts',
      'CatalogResponses.graphql.ts',
      'AvatarMenu.graphql.ts',
      'SignInDialog.graphql.ts',
      'FollowStoreProvider.graphql.ts',
      'UserFollowPages.graphql.ts',
      'YourCatalogPage.graphql.ts',
      'BlockButton.graphql.ts',
    ]) {
      expect(files, file).toContain(file);
    }
  });
  it.each(operations)('%s validates against the schema', (_name, doc) => {
    expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
  });
  it.each(operations)('%s stays within the endpoint’s depth and cost limits', (_name, doc) => {
    expect(validate(schema, doc, [...specifiedRules, ...limitRules]).map((e) => e.message)).toEqual([]);
  });
  // A document's text must be a literal for its types, so a list's first page of responses
  // spells out the limit the story page passes as a variable.
  it('page a list’s responses like a story’s', () => {
    expect(print(CatalogResponses_catalog)).toContain(`threadedCatalogResponses(paging: {limit: ${RESPONSES_PAGE_LIMIT}}`);
  });
});
