// your-followed-catalogs (/me/lists/saved): other people's lists the viewer saved.
import { CatalogCard } from '../components/lists/CatalogCard.tsx';
import { FollowCatalogButton } from '../components/lists/FollowCatalogButton.tsx';
import { usePagedList } from '../components/lists/use-paged-list.ts';
import { LibraryHeader, ShowMore, SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { YourFollowedCatalogsPageQuery, type YourFollowedCatalogsPageData } from './YourFollowedCatalogsPage.graphql.ts';
import type { CatalogSummary } from '../components/lists/CatalogCard.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

const pick = (data: YourFollowedCatalogsPageData) => {
  const connection = data.viewer?.followedCatalogsConnection;
  return connection ? { items: connection.catalogs, pagingInfo: connection.pagingInfo } : null;
};
const idOf = (catalog: CatalogSummary) => catalog.id;

function SavedLists({ data }: { data: YourFollowedCatalogsPageData }) {
  // A list unsaved here stays on the page (as "Save list") until the next visit, so a
  // slip of the finger is one click to undo.
  const list = usePagedList({ initial: pick(data) ?? { items: [], pagingInfo: { next: null } }, query: YourFollowedCatalogsPageQuery, pick, idOf });
  return (
    <>
      <LibraryHeader current="saved" />
      {list.items.length === 0 ? (
        <p className="library-empty muted">Lists you save from other readers show up here.</p>
      ) : (
        <section className="catalog-list" aria-label="Saved lists">
          {list.items.map((catalog) => (
            <CatalogCard key={catalog.id} catalog={catalog}>
              <FollowCatalogButton catalogId={catalog.id} name={catalog.name} isFollowing={catalog.viewerEdge.isFollowing} />
            </CatalogCard>
          ))}
        </section>
      )}
      <ShowMore hasMore={list.hasMore} loading={list.loading} error={list.error} onClick={list.showMore} />
    </>
  );
}

export const yourFollowedCatalogsPage: PageDefinition<YourFollowedCatalogsPageData> = {
  query: () => ({ query: YourFollowedCatalogsPageQuery, variables: { paging: { limit: 25 } } }),
  title: (_data, state) => `Saved lists – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <SavedLists data={data} /> : <SignedOutNotice what="your library" />),
};
