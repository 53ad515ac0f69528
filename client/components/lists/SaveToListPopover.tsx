// The save-to-list popover of SaveToListButton.tsx: the viewer's lists (the Reading list
// first) with a checkbox each, and "Create new list". Loaded when it first opens.
import { useEffect, useState } from 'react';
import { LockIcon } from './LockIcon.tsx';
import { useMutation, useQuery } from 'urql';
import { AddToCatalog, CreateCatalog, RemoveFromCatalog, SaveToListPopoverQuery, type SaveToListCatalog, type SaveToListPopoverData } from './SaveToListPopover.graphql.ts';
import type { CatalogMutationResult } from './CatalogCard.graphql.ts';
import { useToast } from '../toasts/ToastProvider.tsx';
import { CatalogForm, type CatalogFormValues } from './CatalogForm.tsx';

export function SaveToListPopover({ postId, onSavedChange }: { postId: string; onSavedChange(saved: boolean): void }) {
  const { showToast } = useToast();
  const [result] = useQuery<SaveToListPopoverData>({ query: SaveToListPopoverQuery, variables: { postId }, requestPolicy: 'network-only' });
  const [lists, setLists] = useState<SaveToListCatalog[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [, add] = useMutation<{ addToCatalog: CatalogMutationResult }>(AddToCatalog);
  const [, remove] = useMutation<{ removeFromCatalog: CatalogMutationResult }>(RemoveFromCatalog);
  const [, create] = useMutation<{ createCatalog: CatalogMutationResult }>(CreateCatalog);

  useEffect(() => {
    const fetched = result.data?.viewer?.catalogsConnection.catalogs;
    if (fetched && lists === null) setLists(fetched);
  }, [result.data, lists]);

  useEffect(() => {
    if (lists) onSavedChange(lists.some((l) => l.hasPost));
  }, [lists, onSavedChange]);

  const setHasPost = (id: string, hasPost: boolean) => setLists((current) => current?.map((l) => (l.id === id ? { ...l, hasPost } : l)) ?? null);

  const toggle = async (list: SaveToListCatalog) => {
    const next = !list.hasPost;
    setHasPost(list.id, next); // at once; rolled back if the server refuses
    const answer = next ? (await add({ catalogId: list.id, postId })).data?.addToCatalog : (await remove({ catalogId: list.id, postId })).data?.removeFromCatalog;
    if (answer?.__typename !== 'Catalog') {
      setHasPost(list.id, !next);
      showToast({ style: 'ERROR', message: answer && 'message' in answer ? answer.message : 'Something went wrong. Please try again.' });
    }
  };

  const createAndSave = async (values: CatalogFormValues): Promise<string | null> => {
    const made = (await create({ input: { name: values.name, visibility: values.visibility } })).data?.createCatalog;
    if (!made) return 'Something went wrong. Please try again.';
    if (made.__typename !== 'Catalog') return made.message;
    const added = (await add({ catalogId: made.id, postId })).data?.addToCatalog;
    setLists((current) => [...(current ?? []), { id: made.id, name: made.name, predefined: null, visibility: made.visibility, hasPost: added?.__typename === 'Catalog' }]);
    setCreating(false);
    if (added?.__typename !== 'Catalog') return added && 'message' in added ? added.message : 'The list was made, but the story could not be added.';
    return null;
  };

  return (
    <div className="save-to-list-popover" role="dialog" aria-label="Save to list" data-testid="save-to-list-popover">
      {lists === null ? (
        result.error ? (
          <p className="muted">Your lists could not be loaded. Please try again.</p>
        ) : (
          <p className="muted" aria-busy="true">
            Loading your lists…
          </p>
        )
      ) : (
        <ul className="save-to-list-options">
          {lists.map((list) => (
            <li key={list.id}>
              <label className="save-to-list-option">
                <input type="checkbox" checked={list.hasPost} onChange={() => void toggle(list)} />
                <span>{list.name}</span>
                {list.visibility === 'PRIVATE' ? (
                  <span className="catalog-private" title="Private" aria-label="Private">
                    <LockIcon />
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="save-to-list-create">
        {creating ? (
          <CatalogForm submitLabel="Create" showDescription={false} onSubmit={createAndSave} onCancel={() => setCreating(false)} />
        ) : (
          <button type="button" className="save-to-list-create-button" onClick={() => setCreating(true)} disabled={lists === null}>
            Create new list
          </button>
        )}
      </div>
    </div>
  );
}
