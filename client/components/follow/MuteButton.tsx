// Muting writers and publications (docs/product/1-product-screens-membership-header-search.md §4,
// §7: MuteAuthor, UnmuteAuthor, MutePub, UnmutePub). A muted writer's or publication's stories
// leave the viewer's home feeds and digests; the MUTE_ENTITY toast offers Undo. Like following, the
// change shows at once and rolls back if the call fails (FollowStoreProvider.tsx).
import { useEffect, useId, useRef, useState } from 'react';
import { edgeKey } from './follow-store.ts';
import { useFollowStore, useIsMuting } from './FollowStoreProvider.tsx';

export interface MuteTarget {
  kind: 'USER' | 'COLLECTION';
  id: string;
  name: string;
}

/** Mute / Unmute as a button (the customize-muted page lists muted writers with Unmute). */
export function MuteButton({ target, isMuting, size = 'default' }: { target: MuteTarget; isMuting: boolean; size?: 'small' | 'default' }) {
  const store = useFollowStore();
  const muting = useIsMuting(target, isMuting);
  return (
    <button
      type="button"
      className={`button mute-button button-outline${size === 'small' ? ' button-small' : ''}`}
      aria-pressed={muting}
      data-mute-target={edgeKey(target.kind, target.id)}
      onClick={() => void store.act(target, muting ? 'unmute' : 'mute', { isMuting })}
    >
      {muting ? 'Unmute' : 'Mute'}
    </button>
  );
}

/**
 * The "more" menu of a story in a feed: mute its writer, mute its publication. Shown to
 * signed-in readers only (the caller decides); a muted target's stories leave the feed at
 * once because the feed filters by the same store.
 */
/** `onShowLess`: "Show less like this" (the home feed's USER_NEGATIVE_SIGNAL, HomeFeed.tsx); offered when given. */
export function StoryMuteMenu({ writer, publication, onShowLess }: { writer: MuteTarget; publication: MuteTarget | null; onShowLess?: () => void }) {
  const store = useFollowStore();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const mute = (target: MuteTarget) => {
    setOpen(false);
    void store.act(target, 'mute', { isMuting: false });
  };

  return (
    <div className="story-mute-menu" ref={root}>
      <button
        type="button"
        className="story-mute-menu-toggle"
        aria-label="More"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="6" cy="12" r="1.5" fill="currentColor" />
          <circle cx="12" cy="12" r="1.5" fill="currentColor" />
          <circle cx="18" cy="12" r="1.5" fill="currentColor" />
        </svg>
      </button>
      {open ? (
        <ul className="story-mute-menu-list" role="menu" id={menuId}>
          {onShowLess ? (
            <li role="none">
              <button type="button" role="menuitem" onClick={() => (setOpen(false), onShowLess())}>
                Show less like this
              </button>
            </li>
          ) : null}
          <li role="none">
            <button type="button" role="menuitem" onClick={() => mute(writer)}>
              Mute author
            </button>
          </li>
          {publication ? (
            <li role="none">
              <button type="button" role="menuitem" onClick={() => mute(publication)}>
                Mute publication
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
