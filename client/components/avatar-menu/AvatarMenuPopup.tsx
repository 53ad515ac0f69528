// The open avatar menu (docs/product/1-product-screens-membership-header-search.md §2.6): its
// sections and items, keyboard movement between them and what choosing one does. AvatarMenu.tsx
// keeps the button, the open/closed state and the data; this part loads on the first hover, focus
// or opening of the button, so a reader who never opens the menu never downloads it.
import { useEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent, RefObject } from 'react';
import { imageSrc } from '../../app/images.ts';
import { useAppState } from '../../app/app-state.tsx';
import { Link } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { signInPageUrl, useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { signOutUrl } from '../../../shared/urls/auth-urls.ts';
import { offerHref, offerText, rememberedOffer } from '../membership/remembered-offer.ts';
import { avatarMenuSections, type AvatarMenuQueryData, type MenuItem } from './menu-items.ts';

/** docs/product/1-product-screens-membership-header-search.md §2.6, §9. */
export const AVATAR_MENU_WIDTH = 264;

export interface AvatarMenuPopupProps {
  phase: 'open' | 'closing';
  menuId: string;
  buttonId: string;
  data: AvatarMenuQueryData['viewer'] | null;
  loading: boolean;
  /** Which item to focus once the menu is drawn. */
  focusOnOpen: RefObject<'first' | 'last'>;
  close(returnFocus: boolean): void;
  onReactivateMembership?: (() => void) | undefined;
}

export function AvatarMenuPopup({ phase, menuId, buttonId, data, loading, focusOnOpen, close, onReactivateMembership }: AvatarMenuPopupProps) {
  const state = useAppState();
  const session = useViewerSession();
  const openSignIn = useSignInPrompt();
  const ctx = useLinkContext();
  const menuRef = useRef<HTMLDivElement>(null);
  const isOpen = phase === 'open';

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

  const sections = useMemo(() => {
    // The popup is drawn in the browser only, once opened: browser storage is there.
    const now = Date.now();
    const offer = rememberedOffer(now);
    return avatarMenuSections({
        viewer: session.isLoggedIn ? session.viewer : null,
        data,
        flags: new Set(state.flags),
        now,
        ctx,
        statusSiteUrl: state.config.statusSiteUrl,
        offer: offer ? { text: offerText(offer, now), href: offerHref(offer) } : null,
      });
  }, [session.isLoggedIn, session.viewer, data, state.flags, state.config.statusSiteUrl, ctx],
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

  return (
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
