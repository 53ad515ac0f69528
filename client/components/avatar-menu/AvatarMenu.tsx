// The avatar menu (spec 1 §2.6): a menu button and a 264 px menu that fades in and out in
// 300 ms and closes on scroll, Escape, a click outside, choosing an item or a page change.
// Keyboard: Enter, Space or ArrowDown open it at the first item, ArrowUp at the last;
// ArrowUp/ArrowDown/Home/End move between items; Escape closes it and focus returns to
// the button; Tab closes it and moves on.
//
// AvatarMenuQuery is sent in the browser only, when the menu is about to be used (hover
// or focus of the button, or opening it), so hydration never changes the header.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent } from 'react';
import { useQuery } from 'urql';
import { imageSrc } from '../../app/images.ts';
import { useAppState } from '../../app/app-state.tsx';
import { Link, useNavigation } from '../../app/navigation.tsx';
import { Avatar } from '../Avatar.tsx';
import { AvatarMenuQuery } from './AvatarMenu.graphql.ts';
import { PersonIcon } from '../header/icons.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { signInPageUrl, useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { signOutUrl } from '../../../shared/urls/auth-urls.ts';
import { avatarMenuSections, type AvatarMenuQueryData, type MenuItem } from './menu-items.ts';

/** Spec 1 §2.6, §9. */
export const AVATAR_MENU_WIDTH = 264;
export const AVATAR_MENU_FADE_MS = 300;

type Phase = 'closed' | 'open' | 'closing';

export function AvatarMenu({ onReactivateMembership }: { onReactivateMembership?: (() => void) | undefined }) {
  const state = useAppState();
  const session = useViewerSession();
  const openSignIn = useSignInPrompt();
  const ctx = useLinkContext();
  const { location } = useNavigation();
  const [phase, setPhase] = useState<Phase>('closed');
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  /** Which item to focus once the menu is drawn. */
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const buttonId = useId();

  const [result] = useQuery<AvatarMenuQueryData>({ query: AvatarMenuQuery, pause: !session.isLoggedIn || !requested });
  const data = session.isLoggedIn ? (result.data?.viewer ?? null) : null;
  const loading = session.isLoggedIn && (result.fetching || (requested && !result.data && !result.error));

  const isOpen = phase === 'open';
  const preload = useCallback(() => setRequested(true), []);

  const open = useCallback((focus: 'first' | 'last' = 'first') => {
    focusOnOpen.current = focus;
    setRequested(true);
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

  // Focus the first (or last) item when it opens, and again when the menu's data adds
  // items above or below it, until the reader moves on their own.
  const movedSinceOpen = useRef(false);
  useEffect(() => {
    if (!isOpen) {
      movedSinceOpen.current = false;
      return;
    }
    if (movedSinceOpen.current) return;
    const items = menuItems(menuRef.current);
    (focusOnOpen.current === 'last' ? items[items.length - 1] : items[0])?.focus({ preventScroll: true });
  }, [isOpen, data]);

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
  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    movedSinceOpen.current = true;
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus({ preventScroll: true });
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index < 0 ? items.length - 1 : index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(items.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  const sections = useMemo(
    () =>
      phase === 'closed'
        ? []
        : avatarMenuSections({
            viewer: session.isLoggedIn ? session.viewer : null,
            data,
            flags: new Set(state.flags),
            now: Date.now(),
            ctx,
            statusSiteUrl: state.config.statusSiteUrl,
          }),
    [phase, session.isLoggedIn, session.viewer, data, state.flags, state.config.statusSiteUrl, ctx],
  );

  const activate = (item: MenuItem, event: MouseEvent) => {
    switch (item.action) {
      case 'signUp':
      case 'signIn':
        event.preventDefault();
        openSignIn({ operation: item.action === 'signUp' ? 'register' : 'login', susiEntry: 'nav' });
        break;
      case 'signOut':
        event.preventDefault();
        session.signOut();
        break;
      case 'reactivateMembership':
        if (onReactivateMembership) {
          event.preventDefault();
          onReactivateMembership();
        }
        break;
    }
    close(false);
  };

  const hrefOf = (item: MenuItem): string => {
    if (item.href) return item.href;
    if (item.action === 'signOut' && session.xsrf) return signOutUrl(session.xsrf, ctx);
    if (item.action === 'signUp') return signInPageUrl({ operation: 'register' }, ctx);
    return signInPageUrl({ operation: 'login' }, ctx);
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
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          aria-busy={loading || undefined}
          className="avatar-menu"
          style={{ width: AVATAR_MENU_WIDTH }}
          data-state={phase}
          data-testid="avatar-menu"
          onKeyDown={onMenuKeyDown}
          onPointerMove={() => {
            movedSinceOpen.current = true;
          }}
        >
          {sections.map((section, sectionIndex) => (
            <div key={section.key} className={`avatar-menu-section avatar-menu-section--${section.key}`} role="group" aria-label={section.title}>
              {sectionIndex > 0 ? <div role="separator" className="avatar-menu-separator" /> : null}
              {section.title ? (
                <p className="avatar-menu-title" aria-hidden="true">
                  {section.title}
                </p>
              ) : null}
              {section.items.map((item) => (
                <Link
                  key={item.key}
                  href={hrefOf(item)}
                  role="menuitem"
                  tabIndex={-1}
                  className={
                    'avatar-menu-item' +
                    (item.smallScreensOnly ? ' avatar-menu-item--small-only' : '') +
                    (item.accent ? ' avatar-menu-item--accent' : '') +
                    (section.key === 'footer' ? ' avatar-menu-item--footer' : '')
                  }
                  data-item={item.key}
                  onClick={(event) => activate(item, event)}
                >
                  {item.imageId !== undefined ? <PublicationAvatar name={item.label} imageId={item.imageId} /> : null}
                  {item.accent ? (
                    <span className="avatar-menu-star" aria-hidden="true">
                      ★
                    </span>
                  ) : null}
                  <span className="avatar-menu-item-text">
                    <span className="avatar-menu-item-label">{item.label}</span>
                    {item.detail ? <span className="avatar-menu-item-detail">{item.detail}</span> : null}
                  </span>
                </Link>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function PublicationAvatar({ name, imageId }: { name: string; imageId: string | null }) {
  return imageId ? (
    <img className="avatar-menu-publication-avatar" src={imageSrc(imageId, { width: 20, height: 20, pixelRatio: 2 })} width={20} height={20} alt="" />
  ) : (
    <span className="avatar-menu-publication-avatar avatar-initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** The menu's items that are shown (small-screen items are hidden from the medium breakpoint). */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((item) => item.offsetParent !== null || item.getClientRects().length > 0);
}
