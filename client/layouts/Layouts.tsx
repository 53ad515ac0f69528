// The four layouts of docs/product/2-sign-in-notices-cache-routing.md §2.3. Page components render
// their main column as children and, in the two-column layout, their sidebar through the `sidebar`
// prop. The header, the main column and the sidebar hydrate after the app's first commit, in slices
// (app/hydrate-later.tsx).
import type { ReactNode } from 'react';
import { Header } from '../components/header/Header.tsx';
import { MembershipBannerSlot } from '../components/membership/MembershipBannerSlot.tsx';
import { HydrateLater } from '../app/hydrate-later.tsx';
import type { Layout as LayoutName } from '../../shared/routing/pages.ts';

export type { LayoutName };


interface LayoutProps {
  name: LayoutName;
  sidebar?: ReactNode;
  /** top-nav with the navbar fixed to the viewport (logged-out home with enable_lo_homepage). */
  fixedNavbar?: boolean;
  children: ReactNode;
}

export function Layout({ name, sidebar, fixedNavbar, children }: LayoutProps) {
  switch (name) {
    case 'basic':
      return (
        <main className="layout-basic">
          <HydrateLater>{children}</HydrateLater>
        </main>
      );
    case 'two-column':
      return (
        <>
          <HydrateLater>
            <Header />
          </HydrateLater>
          <MembershipBannerSlot />
          <div className="layout-two-column">
            <main className="layout-main">
              <HydrateLater>{children}</HydrateLater>
            </main>
            <aside className="layout-sidebar" data-testid="sidebar">
              <HydrateLater>{sidebar}</HydrateLater>
            </aside>
          </div>
        </>
      );
    case 'publication':
      return (
        <>
          <HydrateLater>
            <Header />
          </HydrateLater>
          <MembershipBannerSlot />
          <main className="layout-publication">
            <HydrateLater>{children}</HydrateLater>
          </main>
        </>
      );
    case 'top-nav':
    case 'top-nav-wordmark':
    default:
      return (
        <div className={fixedNavbar ? 'layout-top-nav fixed-navbar' : 'layout-top-nav'}>
          <HydrateLater>
            <Header wordmarkOnly={name === 'top-nav-wordmark'} />
          </HydrateLater>
          {name === 'top-nav-wordmark' ? null : <MembershipBannerSlot />}
          <main className="layout-top-nav-main">
            <HydrateLater>{children}</HydrateLater>
          </main>
        </div>
      );
  }
}
