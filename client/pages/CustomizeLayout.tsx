// What the customize pages share (docs/product/1-product-screens-membership-header-search.md §2.1:
// customize-following, customize-muted, customize-suggestions; customize-reading-history belongs to
// the reading history): the "Refine recommendations" heading with its tabs, and the prompt a
// visitor sees.
//
// Signed-out visitors: following and muted are about the viewer, so a visitor gets a
// sign-in prompt in place of the lists (status 200, never cached: the customize routes are
// not edge-cache eligible). A prompt keeps the address, so signing in comes back to it;
// a redirect would lose the tab the visitor asked for. Suggestions show a visitor the
// most followed writers and publications under the same prompt.
import type { ReactNode } from 'react';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { useSignInPrompt } from '../components/header/sign-in-prompt.tsx';
import { mePageUrl, type MePage } from '../../shared/urls/me-urls.ts';

export type CustomizeTab = 'following' | 'followingSuggestions' | 'mute' | 'readingHistory';

const TABS: { page: CustomizeTab & MePage; label: string }[] = [
  { page: 'following', label: 'Following' },
  { page: 'followingSuggestions', label: 'Suggestions' },
  { page: 'mute', label: 'Muted' },
  { page: 'readingHistory', label: 'Reading history' },
];

export function CustomizeFrame({ active, children }: { active: CustomizeTab; children: ReactNode }) {
  const ctx = useLinkContext();
  return (
    <div className="customize-page">
      <h1 className="customize-heading">Refine recommendations</h1>
      <nav className="customize-tabs" aria-label="Refine recommendations">
        {TABS.map(({ page, label }) => (
          <Link key={page} href={mePageUrl(page, ctx)} className={`customize-tab${page === active ? ' is-active' : ''}`} aria-current={page === active ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}

export function CustomizeSignInPrompt({ what }: { what: string }) {
  const openSignIn = useSignInPrompt();
  return (
    <div className="customize-signin" data-testid="customize-signin">
      <p>Sign in to {what}.</p>
      <div className="customize-signin-actions">
        <button type="button" className="button button-dark" onClick={() => openSignIn({ operation: 'login', susiEntry: 'customize' })}>
          Sign in
        </button>
        <button type="button" className="button button-outline" onClick={() => openSignIn({ operation: 'register', susiEntry: 'customize' })}>
          Sign up
        </button>
      </div>
    </div>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="social-list-empty muted">{children}</p>;
}
