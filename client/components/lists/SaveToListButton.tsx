// Bookmark button of a story: saves it to the Reading list or another of the viewer's lists.
// Contract used by story pages and cards:
//   <SaveToListButton postId={post.id} isBookmarked={post.viewerEdge.isBookmarked} />
//
// Signed in: a popover lists the viewer's lists (the Reading list first) with a checkbox
// each — ticking adds the story, unticking removes it — and "Create new list", which makes
// a list and puts the story in it. The lists are fetched when the popover opens (never in
// the server render: a cached page must not hold anything about a viewer).
// A visitor is asked to sign up instead (spec 2 §6: bookmarking requires an account).
import { useEffect, useRef, useState } from 'react';
import { LockIcon } from './LockIcon.tsx';
import { useMutation, useQuery } from 'urql';
import {
  AddToCatalog,
  CreateCatalog,
  RemoveFromCatalog,
  SaveToListPopoverQuery,
  type CatalogMutationResult,
  type SaveToListCatalog,
  type SaveToListPopoverData,
} from '../../graphql/library.ts';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { CatalogForm, type CatalogFormValues } from './CatalogForm.tsx';

export interface SaveToListButtonProps {
  postId: string;
  /** The server's answer for this viewer: in their Reading list (false when logged out). */
  isBookmarked: boolean;
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M7.5 3.75h9a.75.75 0 0 1 .75.75v15.19l-5.25-3.5-5.25 3.5V4.5a.75.75 0 0 1 .75-.75Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function SaveToListButton({ postId, isBookmarked }: SaveToListButtonProps) {
  const { isLoggedIn } = useViewerSession();
  const openSignIn = useSignInPrompt();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(isBookmarked);
  const root = useRef<HTMLDivElement>(null);

  // Close on a click elsewhere and on Escape.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onClick = () => {
    if (!isLoggedIn) {
      openSignIn({ operation: 'register', susiEntry: 'bookmark' });
      return;
    }
    setOpen((value) => !value);
  };

  return (
    <div className="save-to-list" ref={root}>
      <button
        type="button"
        className="story-action save-to-list-button"
        aria-label={saved ? 'Saved' : 'Save'}
        aria-pressed={saved}
        aria-expanded={isLoggedIn ? open : undefined}
        onClick={onClick}
        data-testid="save-to-list"
      >
        <BookmarkIcon filled={saved} />
      </button>
      {open ? <SaveToListPopover postId={postId} onSavedChange={setSaved} /> : null}
    </div>
  );
}

function SaveToListPopover({ postId, onSavedChange }: { postId: string; onSavedChange(saved: boolean): void }) {
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
