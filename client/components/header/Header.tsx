// The global header (docs/product/1-product-screens-membership-header-search.md §2.5): logo, the
// search input with its predictive popover (medium and up; §2.8), the search button (small
// screens), Write (medium and up), notifications (logged in), Sign up / Sign in (visitors),
// the avatar menu, and on small screens a 41 px sub-bar with Open in app (and Sign up for
// visitors).
//
// Edge cache: a logged-out page is shared between readers, so the logged-out header holds
// nothing about the viewer; a logged-in header draws the avatar from the preloaded state and
// loads the rest (unread count, menu) in the browser after hydration.
import { useEffect, useRef } from 'react';
import { track } from '../../events/event-queue.ts';
import type { MouseEvent } from 'react';
import { buildLink } from '../../../shared/routing/links.ts';
import { newStoryUrl } from '../../../shared/urls/story-urls.ts';
import { useAppState } from '../../app/app-state.tsx';
import { Link, useCurrentPage } from '../../app/navigation.tsx';
import { AvatarMenu } from '../avatar-menu/AvatarMenu.tsx';
import { useHeaderCollapsed } from './header-scroll.ts';
import { HeaderSearchBox } from './header-search-box.ts';
import { SearchIcon, WriteIcon } from './icons.tsx';
import { useLinkContext } from './link-context.ts';
import { NotificationLink } from './notification-link.ts';
import { openInAppUrl } from './open-in-app.ts';
import { signInPageUrl, useSignInPrompt, type SignInPromptOptions } from './sign-in-prompt.tsx';
import { useViewerSession } from './viewer-session.tsx';

export interface HeaderProps {
  /**
   * Wordmark-only navigation (docs/product/2-sign-in-notices-cache-routing.md §2.3: registration
   * form, unrecognized account, …).
   */
  wordmarkOnly?: boolean;
  /**
   * Avatar menu "Reactivate Membership"
   * (docs/product/1-product-screens-membership-header-search.md §4 modal, a later issue); a link to
   * the membership settings otherwise.
   */
  onReactivateMembership?: () => void;
}

export function Header({ wordmarkOnly = false, onReactivateMembership }: HeaderProps) {
  const state = useAppState();
  const session = useViewerSession();
  const openSignIn = useSignInPrompt();
  const { location, resolved } = useCurrentPage();
  const ctx = useLinkContext();
  const headerRef = useRef<HTMLElement>(null);
  const collapsed = useHeaderCollapsed(headerRef);
  const loggedIn = session.isLoggedIn;

  const routeName = resolved?.routeName ?? 'NotFound';
  // docs/product/1-product-screens-membership-header-search.md §7: the Open in app link's events.
  useEffect(() => {
    if (!wordmarkOnly) track('openInApp.viewed', { routeName });
  }, [wordmarkOnly, routeName]);
  const pageUrl = `${new URL(state.config.mainOrigin).protocol}//${state.navigation.host}${location.pathname}${location.search}`;

  const onLogoClick = (event: MouseEvent) => {
    if (location.pathname === '/' && state.navigation.hostKind === 'default') {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };
  // Open in app carries the page-view data (header/deep-link-data.ts), added when it is followed:
  // the module loads then (it is not part of the shell), and never for bots.
  const onOpenInAppClick = (event: MouseEvent<HTMLAnchorElement>) => {
    track('openInApp.clicked', { routeName });
    if (state.client.isBot || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const link = event.currentTarget.href;
    const membership = state.viewerMembership;
    void import('./deep-link-data.ts')
      .then(({ pageViewData, withPageViewData, currentStoryPageViewFacts }) =>
        withPageViewData(
          link,
          pageViewData({
            userAgent: navigator.userAgent,
            isLoggedIn: loggedIn,
            isMember: !!membership && membership.state !== 'ENDED' && membership.state !== 'GRACE_EXPIRED',
            search: location.search,
            referrer: document.referrer,
            story: currentStoryPageViewFacts(),
          }),
        ),
      )
      .catch(() => link)
      .then((href) => window.location.assign(href));
  };
  // Sign-in prompts are links to the sign-in page, so they work before hydration too.
  const prompt = (options: SignInPromptOptions) => ({
    href: signInPageUrl(options, ctx),
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      openSignIn(options);
    },
  });

  return (
    <header
      ref={headerRef}
      className={`site-header${collapsed ? ' is-collapsed' : ''}${wordmarkOnly ? ' is-wordmark-only' : ''}`}
      data-testid="site-header"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <div className="site-header-bar">
        <Link href={buildLink('ShowHome', {}, ctx)} className="wordmark" onClick={onLogoClick} aria-label={`${state.config.productName} home`}>
          {state.config.productName}
        </Link>
        {/* Medium screens and up: the search input and its predictive popover (§2.8). */}
        {wordmarkOnly ? null : <HeaderSearchBox variant="header" />}
        {wordmarkOnly ? null : (
          <nav className="site-header-actions" aria-label="Site">
            <Link href={buildLink('ShowSearch', {}, ctx)} className="header-icon-button header-search" aria-label="Search" data-testid="header-search">
              <SearchIcon />
            </Link>
            {loggedIn ? (
              <Link href={newStoryUrl(ctx)} className="header-write" data-testid="header-write">
                <WriteIcon />
                <span>Write</span>
              </Link>
            ) : (
              <a {...prompt({ operation: 'register', susiEntry: 'write', redirectTo: newStoryUrl(ctx) })} className="header-write" data-testid="header-write">
                <WriteIcon />
                <span>Write</span>
              </a>
            )}
            {loggedIn ? <NotificationLink /> : null}
            {loggedIn ? null : (
              <>
                <a
                  {...prompt({ operation: 'register', susiEntry: 'nav' })}
                  className="button button-dark button-small header-signup"
                  data-testid="header-signup"
                >
                  Sign up
                </a>
                <a {...prompt({ operation: 'login', susiEntry: 'nav' })} className="header-signin" data-testid="header-signin">
                  Sign in
                </a>
              </>
            )}
            <AvatarMenu onReactivateMembership={onReactivateMembership} />
          </nav>
        )}
      </div>
      {wordmarkOnly ? null : (
        <div className="site-header-subbar" data-testid="header-subbar">
          <a
            className="header-open-in-app"
            href={openInAppUrl({ pageUrl, routeName, isLoggedIn: loggedIn })}
            rel="nofollow noopener"
            onClick={onOpenInAppClick}
            data-testid="open-in-app"
          >
            Open in app
          </a>
          {loggedIn ? null : (
            <a {...prompt({ operation: 'register', susiEntry: 'mobile_nav' })} className="button button-dark button-small header-subbar-signup">
              Sign up
            </a>
          )}
        </div>
      )}
    </header>
  );
}
