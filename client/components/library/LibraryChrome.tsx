// What the library pages share: the "Your library" heading with its tabs, the notice a
// logged-out visitor gets on a /me page, and the "Show more" button.
import type { ReactNode } from 'react';
import { buildLink } from '../../../shared/routing/links.ts';
import { Link } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';

export type LibraryTab = 'lists' | 'saved' | 'history';

const TABS: { tab: LibraryTab; label: string; route: string }[] = [
  { tab: 'lists', label: 'Your lists', route: 'ShowYourLists' },
  { tab: 'saved', label: 'Saved lists', route: 'ShowYourFollowedLists' },
  { tab: 'history', label: 'Reading history', route: 'ShowYourReadingHistoryList' },
];

export function LibraryHeader({ current, action }: { current: LibraryTab; action?: ReactNode }) {
  const ctx = useLinkContext();
  return (
    <header className="library-header">
      <div className="library-title-row">
        <h1 className="library-title">Your library</h1>
        {action}
      </div>
      <nav className="library-tabs" aria-label="Library">
        {TABS.map(({ tab, label, route }) => (
          <Link key={tab} href={buildLink(route, {}, ctx)} className={tab === current ? 'library-tab is-active' : 'library-tab'} aria-current={tab === current ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
    </header>
  );
}

/** A /me page asked for by a logged-out visitor: nothing of anyone's is shown. */
export function SignedOutNotice({ what }: { what: string }) {
  const openSignIn = useSignInPrompt();
  return (
    <div className="library-empty" data-testid="signed-out-notice">
      <h1 className="library-title">Sign in to see {what}</h1>
      <p className="muted">Your library, reading history and notifications are kept with your account.</p>
      <button type="button" className="button button-dark" onClick={() => openSignIn({ operation: 'login', susiEntry: 'library' })}>
        Sign in
      </button>
    </div>
  );
}

export function ShowMore({ hasMore, loading, error, onClick }: { hasMore: boolean; loading: boolean; error: boolean; onClick(): void }) {
  if (!hasMore) return null;
  return (
    <div className="library-more">
      {error ? <p className="muted">Something went wrong loading more. Please try again.</p> : null}
      <button type="button" className="button button-outline" onClick={onClick} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : 'Show more'}
      </button>
    </div>
  );
}
