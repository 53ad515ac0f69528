// your-catalog (/me/list/{catalogSlugId}): one of the viewer's lists, its stories most
// recently added first; the creator edits (rename, description, public/private), deletes
// the list and removes stories.
import { useState } from 'react';
import { LockIcon } from '../components/lists/LockIcon.tsx';
import { useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { useNavigation } from '../app/navigation.tsx';
import { StoryCard } from '../components/StoryCard.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { storiesCount } from '../components/lists/CatalogCard.tsx';
import { CatalogForm, type CatalogFormValues } from '../components/lists/CatalogForm.tsx';
import { usePagedList } from '../components/lists/use-paged-list.ts';
import { ShowMore, SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { DeleteCatalog, UpdateCatalog, YourCatalogPageQuery, type CatalogItemData, type YourCatalogPageData } from './YourCatalogPage.graphql.ts';
import { RemoveFromCatalog } from '../components/lists/SaveToListPopover.graphql.ts';
import type { CatalogMutationResult } from '../components/lists/CatalogCard.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { CatalogResponses } from '../components/lists/CatalogResponses.tsx';
import type { CatalogResponsesData } from '../components/lists/CatalogResponses.graphql.ts';

type Catalog = NonNullable<YourCatalogPageData['catalogBySlugId']>;

const idOf = (item: CatalogItemData) => item.catalogItemId;

const hasResponses = (catalog: Catalog): catalog is Catalog & CatalogResponsesData => catalog.threadedCatalogResponses !== undefined;

function CatalogView({ initial, slugId }: { initial: Catalog; slugId: string }) {
  const ctx = useLinkContext();
  const { navigate } = useNavigation();
  const { showToast } = useToast();
  const [catalog, setCatalog] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const pick = (data: YourCatalogPageData) => data.catalogBySlugId?.itemsConnection ?? null;
  const items = usePagedList({ initial: initial.itemsConnection, query: YourCatalogPageQuery, variables: { catalogSlugId: slugId }, pick, idOf });
  const [, updateCatalog] = useMutation<{ updateCatalog: CatalogMutationResult }>(UpdateCatalog);
  const [, deleteCatalog] = useMutation<{ deleteCatalog: { __typename: string; message?: string } }>(DeleteCatalog);
  const [, removeFromCatalog] = useMutation<{ removeFromCatalog: CatalogMutationResult }>(RemoveFromCatalog);
  const isOwner = catalog.viewerEdge.isCreator;

  const save = async (values: CatalogFormValues) => {
    const input = catalog.predefined ? { description: values.description, visibility: values.visibility } : values;
    const result = (await updateCatalog({ catalogId: catalog.id, input })).data?.updateCatalog;
    if (!result) return 'Something went wrong. Please try again.';
    if (result.__typename !== 'Catalog') return result.message;
    setCatalog((current) => ({ ...current, ...result }));
    setEditing(false);
    return null;
  };

  const remove = async () => {
    const result = (await deleteCatalog({ catalogId: catalog.id })).data?.deleteCatalog;
    if (result?.__typename !== 'DeleteCatalogSuccess') {
      showToast({ style: 'ERROR', message: result?.message ?? 'Something went wrong. Please try again.' });
      return;
    }
    showToast({ message: `${catalog.name} was deleted.` });
    navigate(buildLink('ShowYourLists', {}, ctx));
  };

  const removeStory = async (item: CatalogItemData) => {
    items.setItems((current) => current.filter((i) => i.catalogItemId !== item.catalogItemId));
    const result = (await removeFromCatalog({ catalogId: catalog.id, postId: item.post.id })).data?.removeFromCatalog;
    if (result?.__typename === 'Catalog') setCatalog((current) => ({ ...current, postItemsCount: result.postItemsCount }));
    else {
      items.setItems((current) => [item, ...current]);
      showToast({ style: 'ERROR', message: result && 'message' in result ? result.message : 'Something went wrong. Please try again.' });
    }
  };

  return (
    <article className="catalog-page" data-catalog-id={catalog.id}>
      <header className="catalog-page-header">
        <p className="muted catalog-page-creator">{catalog.creator.name}</p>
        <h1 className="library-title">{catalog.name}</h1>
        {catalog.description ? <p className="catalog-page-description">{catalog.description}</p> : null}
        <p className="muted catalog-card-meta">
          <span>{storiesCount(catalog.postItemsCount)}</span>
          {catalog.visibility === 'PRIVATE' ? <span className="catalog-private"><LockIcon /> Private</span> : <span>Public</span>}
          <span>Updated {formatDate(catalog.updatedAt)}</span>
        </p>
        {isOwner ? (
          <div className="catalog-page-actions">
            <button type="button" className="button button-outline button-small" onClick={() => setEditing(true)}>
              Edit list
            </button>
            {catalog.predefined ? null : confirmingDelete ? (
              <span className="catalog-confirm" role="group" aria-label="Delete list">
                Delete this list? Its stories stay where they are.{' '}
                <button type="button" className="button button-dark button-small" onClick={() => void remove()}>
                  Delete
                </button>{' '}
                <button type="button" className="button button-outline button-small" onClick={() => setConfirmingDelete(false)}>
                  Cancel
                </button>
              </span>
            ) : (
              <button type="button" className="button button-outline button-small" onClick={() => setConfirmingDelete(true)}>
                Delete list
              </button>
            )}
          </div>
        ) : null}
      </header>
      {editing ? (
        <CatalogForm
          initial={catalog}
          submitLabel="Save"
          nameLocked={catalog.predefined !== null}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {items.items.length === 0 ? <p className="library-empty muted">No stories yet. Save a story with the bookmark on any story.</p> : null}
      <section aria-label="Stories in this list">
        {items.items.map((item) => (
          <div key={item.catalogItemId} className="library-item">
            <StoryCard post={item.post} />
            {item.note ? <p className="library-item-note">{item.note}</p> : null}
            {isOwner ? (
              <button type="button" className="library-item-remove" onClick={() => void removeStory(item)} aria-label={`Remove ${item.post.title} from this list`}>
                Remove
              </button>
            ) : null}
          </div>
        ))}
      </section>
      <ShowMore hasMore={items.hasMore} loading={items.loading} error={items.error} onClick={items.showMore} />
      {/* A private list is its creator's alone: nobody else could respond to it. */}
      {catalog.visibility !== 'PRIVATE' && hasResponses(initial) ? <CatalogResponses catalog={initial} /> : null}
    </article>
  );
}

export const yourCatalogPage: PageDefinition<YourCatalogPageData> = {
  query: (params) => ({ query: YourCatalogPageQuery, variables: { catalogSlugId: params.catalogSlugId ?? '', paging: { limit: 25 }, withResponses: true } }),
  status: (data) => (data.viewer && !data.catalogBySlugId ? 404 : 200),
  title: (data, state) => `${data?.catalogBySlugId?.name ?? 'List'} – ${state.config.productName}`,
  Component: ({ data, params }) => {
    if (!data.viewer) return <SignedOutNotice what="your lists" />;
    if (!data.catalogBySlugId)
      return (
        <div className="library-empty">
          <h1 className="library-title">This list does not exist.</h1>
        </div>
      );
    return <CatalogView key={data.catalogBySlugId.id} initial={data.catalogBySlugId} slugId={params.catalogSlugId ?? ''} />;
  },
};
