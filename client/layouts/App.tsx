import { lazy, memo, Suspense, useEffect } from 'react';
import { useQuery } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { Layout } from './Layouts.tsx';
import { AppStateProvider } from '../app/app-state.tsx';
import { queryParams, type CurrentPage } from '../app/current-page.ts';
import { ErrorBoundary } from '../app/ErrorBoundary.tsx';
import { setReportRoute } from '../app/error-reporter.ts';
import { useCurrentPage } from '../app/navigation.tsx';
import { NavigationProgress } from '../app/NavigationProgress.tsx';
import { ViewerSessionProvider } from '../components/header/viewer-session.tsx';
import { ToastProvider } from '../components/toasts/ToastProvider.tsx';
import { SignInDialogHost, SignInDialogProvider } from '../components/signin/SignInDialogProvider.tsx';
import { FollowStoreProvider } from '../components/follow/FollowStoreProvider.tsx';
import { NoPageQuery } from './App.graphql.ts';
import { endHydration } from '../app/static-markup.tsx';
import { useWhenIdle } from '../app/when-idle.ts';

/** One-tap, "verify your email" and the tax banner: a chunk loaded once the page is idle (IdlePrompts.tsx). */
const IdlePrompts = lazy(() => import('./IdlePrompts.tsx').then((module) => ({ default: module.IdlePrompts })));

/** A page that has no query of its own still calls useQuery (hooks run unconditionally), paused. */
const NO_QUERY = { query: NoPageQuery, variables: {} };

/**
 * Memoized: the app renders again once the browser is idle (the idle prompts), and a page whose
 * body React has not hydrated yet (app/hydrate-later.tsx) would have to hydrate it at once, in
 * one task, to take new props.
 */
const PageView = memo(function PageView({ page, state }: { page: CurrentPage; state: PreloadedState }) {
  const { definition, resolved, isNotFound } = page;
  const params = queryParams(page);
  const request = definition.query?.(params, isNotFound ? null : (resolved?.routeName ?? null));
  const [result] = useQuery({
    query: request?.query ?? NO_QUERY.query,
    variables: request?.variables ?? NO_QUERY.variables,
    pause: !request,
  });

  useEffect(() => {
    setReportRoute(isNotFound ? null : (resolved?.routeName ?? null));
  }, [isNotFound, resolved]);

  useEffect(() => {
    // A page without a query has its title at once; one with a query, when its data is in.
    if (result.data || !request) document.title = definition.title(result.data, state);
  }, [definition, result.data, state, request]);

  const layoutName = isNotFound ? 'top-nav' : (resolved?.layout ?? 'top-nav');
  let body;
  let sidebar = null;
  if (request && !result.data) {
    // A navigation waits for the data before it shows the page, so this shows only when
    // the data could not be had (or a page query is re-run without a cached result).
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
});

/** The whole application below the document body; the same tree renders on the server and hydrates in the browser. */
export function App({ state, onRenderError }: { state: PreloadedState; onRenderError?: (error: Error) => void }) {
  const page = useCurrentPage();
  const idle = useWhenIdle();
  // <html data-hydrated="true"> once hydration has committed: effects run after the commit, while
  // hydrateRoot returns before React has attached a single handler. Browser tests and the
  // foundation benchmark wait for it before they type or click.
  useEffect(() => {
    endHydration();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AppStateProvider value={state}>
      <ViewerSessionProvider state={state}>
        <SignInDialogProvider>
          <ToastProvider>
            <FollowStoreProvider>
              <NavigationProgress />
              <ErrorBoundary onError={onRenderError}>
                <PageView key={page.location.pathname} page={page} state={state} />
              </ErrorBoundary>
            </FollowStoreProvider>
            <SignInDialogHost />
            {idle && (
              <Suspense fallback={null}>
                <IdlePrompts
                  routeName={page.isNotFound ? null : (page.resolved?.routeName ?? null)}
                  resolvedRouteName={page.resolved?.routeName ?? null}
                  pathname={page.location.pathname}
                />
              </Suspense>
            )}
          </ToastProvider>
        </SignInDialogProvider>
      </ViewerSessionProvider>
    </AppStateProvider>
  );
}
