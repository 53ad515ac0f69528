// Bookmark button of a story: saves it to the Reading list or another of the viewer's lists.
// Contract used by story pages and cards:
//   <SaveToListButton postId={post.id} isBookmarked={post.viewerEdge.isBookmarked} />
//
// Signed in: a popover lists the viewer's lists (the Reading list first) with a checkbox
// each — ticking adds the story, unticking removes it — and "Create new list", which makes
// a list and puts the story in it. The lists are fetched when the popover opens (never in
// the server render: a cached page must not hold anything about a viewer).
// A visitor is asked to sign up instead (docs/product/2-sign-in-notices-cache-routing.md §6:
// bookmarking requires an account).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';

// The popover (the viewer's lists, their documents, the new-list form) is its own chunk,
// loaded when a signed-in reader opens it.
const SaveToListPopover = lazy(() => import('./SaveToListPopover.tsx').then((module) => ({ default: module.SaveToListPopover })));

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
      {open ? (
        <Suspense fallback={null}>
          <SaveToListPopover postId={postId} onSavedChange={setSaved} />
        </Suspense>
      ) : null}
    </div>
  );
}
