// The avatar menu (docs/product/1-product-screens-membership-header-search.md §2.6): a menu button
// and a 264 px menu that fades in and out in 300 ms and closes on scroll, Escape, a click outside,
// choosing an item or a page change. Keyboard: Enter, Space or ArrowDown open it at the first item,
// ArrowUp at the last; ArrowUp/ArrowDown/Home/End move between items; Escape closes it and focus
// returns to the button; Tab closes it and moves on.
//
// AvatarMenuQuery is sent in the browser only, when the menu is about to be used (hover
// or focus of the button, or opening it), so hydration never changes the header.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { track } from '../../events/event-queue.ts';
import { useQuery } from 'urql';
import { useNavigation } from '../../app/navigation.tsx';
import { Avatar } from '../Avatar.tsx';
import { AvatarMenuQuery } from './AvatarMenu.graphql.ts';
import { PersonIcon } from '../header/icons.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import type { AvatarMenuQueryData } from './menu-items.ts';

/** docs/product/1-product-screens-membership-header-search.md §2.6, §9. */
export const AVATAR_MENU_FADE_MS = 300;

// The open menu (items, their rules, keyboard movement) is its own chunk, loaded on the
// first hover, focus or opening of the button.
const loadPopup = () => import('./AvatarMenuPopup.tsx');
const AvatarMenuPopup = lazy(() => loadPopup().then((module) => ({ default: module.AvatarMenuPopup })));
// The Reactivate your Membership modal, when no page handles "Reactivate Membership" itself.
const ReactivateMembershipModal = lazy(() =>
  import('../membership/ReactivateMembershipModal.tsx').then((module) => ({ default: module.ReactivateMembershipModal })),
);

type Phase = 'closed' | 'open' | 'closing';

export function AvatarMenu({ onReactivateMembership }: { onReactivateMembership?: (() => void) | undefined }) {
  const session = useViewerSession();
  const { location } = useNavigation();
  const [phase, setPhase] = useState<Phase>('closed');
  const [requested, setRequested] = useState(false);
  const [reactivating, setReactivating] = useState(false);
  const closeReactivate = useCallback(() => setReactivating(false), []);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  /** Which item to focus once the menu is drawn. */
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const buttonId = useId();

  const [result] = useQuery<AvatarMenuQueryData>({ query: AvatarMenuQuery, pause: !session.isLoggedIn || !requested });
  const data = session.isLoggedIn ? (result.data?.viewer ?? null) : null;
  const loading = session.isLoggedIn && (result.fetching || (requested && !result.data && !result.error));

  const isOpen = phase === 'open';
  const preload = useCallback(() => {
    setRequested(true);
    void loadPopup();
  }, []);

  const open = useCallback((focus: 'first' | 'last' = 'first') => {
    focusOnOpen.current = focus;
    track('nav.avatarMenuOpened');
    setRequested(true);
    void loadPopup();
    setPhase('open');
  }, []);
  const close = useCallback((returnFocus: boolean) => {
    setPhase((current) => (current === 'open' ? 'closing' : current));
    if (returnFocus) buttonRef.current?.focus({ preventScroll: true });
  }, []);

  // Fade out, then unmount.
  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(() => setPhase('closed'), AVATAR_MENU_FADE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // Close on scroll, on a pointer down outside, and when the page changes. A scroll event
  // that was already on its way when the menu opened (the position did not move since) is
  // not the reader scrolling.
  useEffect(() => {
    if (!isOpen) return;
    const scrollAtOpen = window.scrollY;
    const onScroll = () => {
      if (window.scrollY !== scrollAtOpen) close(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close]);
  const locationKey = location.pathname + location.search;
  const openedAt = useRef(locationKey);
  useEffect(() => {
    if (openedAt.current !== locationKey) {
      openedAt.current = locationKey;
      close(false);
    }
  }, [locationKey, close]);


  const onButtonClick = () => (isOpen ? close(false) : open('first'));
  const onButtonKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowUp' ? 'last' : 'first');
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close(true);
    }
  };

  const viewer = session.isLoggedIn ? session.viewer : null;
  return (
    <div className="avatar-menu-root" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="avatar-menu-button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={phase === 'closed' ? undefined : menuId}
        aria-label={viewer ? `Account menu, signed in as ${viewer.name}` : 'Account menu'}
        data-testid="avatar-menu-button"
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {viewer ? (
          <Avatar name={viewer.name} imageId={viewer.imageId} size={32} />
        ) : (
          <span className="avatar-menu-visitor-icon">
            <PersonIcon />
          </span>
        )}
      </button>
      {phase === 'closed' ? null : (
        <Suspense fallback={null}>
          <AvatarMenuPopup
            phase={phase}
            menuId={menuId}
            buttonId={buttonId}
            data={data}
            loading={loading}
            focusOnOpen={focusOnOpen}
            close={close}
            onReactivateMembership={onReactivateMembership ?? (() => setReactivating(true))}
          />
        </Suspense>
      )}
      {reactivating ? (
        <Suspense fallback={null}>
          <ReactivateMembershipModal onClose={closeReactivate} />
        </Suspense>
      ) : null}
    </div>
  );
}
