// your-catalogs (/me/lists): the viewer's lists, the Reading list first, and "New list".
import { useState } from 'react';
import { useMutation } from 'urql';
import { CatalogCard } from '../components/lists/CatalogCard.tsx';
import { CatalogForm } from '../components/lists/CatalogForm.tsx';
import { usePagedList } from '../components/lists/use-paged-list.ts';
import { LibraryHeader, ShowMore, SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { CreateCatalog } from '../components/lists/SaveToListPopover.graphql.ts';
import { YourCatalogsPageQuery, type YourCatalogsPageData } from './YourCatalogsPage.graphql.ts';
import type { CatalogMutationResult, CatalogSummary } from '../components/lists/CatalogCard.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

const pick = (data: YourCatalogsPageData) => (data.viewer ? { items: data.viewer.catalogsConnection.catalogs, pagingInfo: data.viewer.catalogsConnection.pagingInfo } : null);
const idOf = (catalog: CatalogSummary) => catalog.id;

function YourLists({ data }: { data: YourCatalogsPageData & { viewer: NonNullable<YourCatalogsPageData['viewer']> } }) {
  const list = usePagedList({ initial: pick(data)!, query: YourCatalogsPageQuery, pick, idOf });
  const [creating, setCreating] = useState(false);
  const [, createCatalog] = useMutation<{ createCatalog: CatalogMutationResult }>(CreateCatalog);

  const create = async (values: { name: string; description: string; visibility: 'PUBLIC' | 'PRIVATE' | 'LOCKED' }) => {
    const result = (await createCatalog({ input: values })).data?.createCatalog;
    if (!result) return 'Something went wrong. Please try again.';
    if (result.__typename !== 'Catalog') return result.message;
    // New lists sit right under the predefined ones, as the server orders them.
    list.setItems((items) => {
      const predefined = items.filter((c) => c.predefined);
      return [...predefined, result, ...items.filter((c) => !c.predefined)];
    });
    setCreating(false);
    return null;
  };

  return (
    <>
      <LibraryHeader
        current="lists"
        action={
          <button type="button" className="button button-dark button-small" onClick={() => setCreating(true)} data-testid="new-list">
            New list
          </button>
        }
      />
      {creating ? <CatalogForm submitLabel="Create" onSubmit={create} onCancel={() => setCreating(false)} /> : null}
      <section className="catalog-list" aria-label="Your lists">
        {list.items.map((catalog) => (
          <CatalogCard key={catalog.id} catalog={catalog} />
        ))}
      </section>
      <ShowMore hasMore={list.hasMore} loading={list.loading} error={list.error} onClick={list.showMore} />
    </>
  );
}

export const yourCatalogsPage: PageDefinition<YourCatalogsPageData> = {
  query: () => ({ query: YourCatalogsPageQuery, variables: { paging: { limit: 25 } } }),
  title: (_data, state) => `Your lists – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <YourLists data={{ ...data, viewer: data.viewer }} /> : <SignedOutNotice what="your library" />),
};
