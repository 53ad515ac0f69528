import { useQuery } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { Layout } from '../layouts/Layouts.tsx';
import { notFoundPage, PAGES } from '../pages/registry.ts';
import type { PageDefinition } from '../pages/page-definition.ts';
import { AppStateProvider } from './app-state.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useNavigation } from './navigation.tsx';
import { resolvePageForState, type ResolvedPage } from './resolve-page.ts';
import { useEffect } from 'react';
import { ViewerSessionProvider } from '../components/header/viewer-session.tsx';
import { ToastProvider } from '../components/toasts/ToastProvider.tsx';
import { SignInDialogProvider, VerifyEmailPrompt } from '../components/signin/index.ts';
import { FollowStoreProvider } from '../components/follow/FollowStoreProvider.tsx';

/** The page a path shows: its definition and where it sits; unknown paths show not-found. */
export function pageFor(state: PreloadedState, pathname: string): { resolved: ResolvedPage | null; definition: PageDefinition } {
  const resolved = resolvePageForState(state, pathname);
  const definition = (resolved?.pageName && PAGES[resolved.pageName]) || notFoundPage;
  return { resolved, definition };
}

function PageView({ definition, resolved, state }: { definition: PageDefinition; resolved: ResolvedPage | null; state: PreloadedState }) {
  const params = resolved?.params ?? {};
  const request = definition.query?.(params);
  const [result] = useQuery({
    query: request?.query ?? notFoundPage.query!({}).query,
    variables: request?.variables ?? {},
    pause: !request,
  });

  useEffect(() => {
    if (result.data) document.title = definition.title(result.data, state);
  }, [definition, result.data, state]);

  const layoutName = definition === notFoundPage ? 'top-nav' : (resolved?.layout ?? 'top-nav');
  let body;
  let sidebar = null;
  if (request && !result.data) {
    body = result.error ? (
      <div className="error-page" role="alert">
        <p className="error-page-text">Something went wrong loading this page. Please try again.</p>
      </div>
    ) : (
      (definition.loading?.() ?? <div className="page-loading" aria-busy="true" />)
    );
  } else {
    const { Component, Sidebar } = definition;
    body = <Component params={params} data={result.data} />;
    sidebar = Sidebar ? <Sidebar params={params} data={result.data} /> : null;
  }
  return (
    <Layout name={layoutName} sidebar={sidebar} fixedNavbar={resolved?.fixedNavbar ?? false}>
      {body}
    </Layout>
  );
}

/** The whole application below the document body; the same tree renders on the server and hydrates in the browser. */
export function App({ state, onRenderError }: { state: PreloadedState; onRenderError?: (error: Error) => void }) {
  const { location } = useNavigation();
  const { resolved, definition } = pageFor(state, location.pathname);
  return (
    <AppStateProvider value={state}>
      <ViewerSessionProvider state={state}>
        <SignInDialogProvider>
          <ToastProvider>
            <FollowStoreProvider>
            <ErrorBoundary onError={onRenderError}>
              <PageView key={location.pathname} definition={definition} resolved={resolved} state={state} />
            </ErrorBoundary>
            </FollowStoreProvider>
            <VerifyEmailPrompt />
          </ToastProvider>
        </SignInDialogProvider>
      </ViewerSessionProvider>
    </AppStateProvider>
  );
}
