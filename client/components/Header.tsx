import { useAppState } from '../app/app-state.tsx';
import { Link, useNavigation } from '../app/navigation.tsx';

/** The global header (spec 1 §2.5). The avatar menu and sign-in dialog arrive with the sign-in issue. */
export function Header({ wordmarkOnly = false }: { wordmarkOnly?: boolean }) {
  const state = useAppState();
  const { location } = useNavigation();
  const loggedIn = state.session.isLoggedInCookie;
  const onLogoClick = (event: React.MouseEvent) => {
    if (location.pathname === '/') {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="wordmark" onClick={onLogoClick} aria-label={`${state.config.productName} home`}>
          {state.config.productName}
        </Link>
        {wordmarkOnly ? null : (
          <nav className="site-header-actions" aria-label="Account">
            <a href="/new-story" className="header-write">
              <span aria-hidden="true">✎</span> Write
            </a>
            {loggedIn ? null : (
              <>
                <a href="/m/signin?operation=register" className="button button-dark button-small">
                  Sign up
                </a>
                <a href="/m/signin" className="header-signin">
                  Sign in
                </a>
              </>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
