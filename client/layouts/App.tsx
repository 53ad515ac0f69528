import { memo, useDeferredValue, useEffect, useMemo } from 'react';
import { useQuery } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { Layout } from './Layouts.tsx';
import { AppStateProvider } from '../app/app-state.tsx';
import { queryParams, type CurrentPage } from '../app/current-page.ts';
import type { RouteParams } from '../app/page-definition.ts';
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
// One-tap for a visitor, "verify your email" and the tax banner for a signed-in reader: each a chunk loaded once the page is idle.
import { IdlePrompts } from './IdlePrompts.tsx';


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
  const request = definition.query?.(params, isNotFound ? null : (resolved?.routeName ?? null), new URLSearchParams(page.location.search));
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

  // New results for the same page (the normalized cache answering again once its chunk is in, a
  // refetch after a mutation) render as a deferred update, which React renders in slices; the
  // urgent render keeps the elements below as they were, so it does no work below the layout
  // (docs/adr/0224-start-up-work-in-slices.md). The page's first render takes the results as they are.
  const hasRequest = Boolean(request);
  // `params` is derived from `page`.
  const view = useDeferredValue(useMemo(() => ({ page, params, data: result.data, error: result.error, hasRequest }), [page, result.data, result.error, hasRequest]));
  return useMemo(() => <PageLayout {...view} />, [view]);
});

/** The page's layout with its main column and sidebar, for the page's (deferred) results. */
function PageLayout({ page, params, data, error, hasRequest }: { page: CurrentPage; params: RouteParams; data: unknown; error: unknown; hasRequest: boolean }) {
  const { definition, resolved, isNotFound } = page;
  const layoutName = isNotFound ? 'top-nav' : (resolved?.layout ?? 'top-nav');
  let body;
  let sidebar = null;
  if (hasRequest && !data) {
    // A navigation waits for the data before it shows the page, so this shows only when
    // the data could not be had (or a page query is re-run without a cached result).
    body = error ? (
      <div className="error-page" role="alert">
        <p className="error-page-text">Something went wrong loading this page. Please try again.</p>
      </div>
    ) : (
      (definition.loading?.() ?? <div className="page-loading" aria-busy="true" />)
    );
  } else {
    const { Component, Sidebar } = definition;
    body = <Component params={params} data={data} />;
    sidebar = Sidebar ? <Sidebar params={params} data={data} /> : null;
  }
  return (
    <Layout name={layoutName} sidebar={sidebar} fixedNavbar={resolved?.fixedNavbar ?? false}>
      {body}
    </Layout>
  );
}

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
              <IdlePrompts
                routeName={page.isNotFound ? null : (page.resolved?.routeName ?? null)}
                resolvedRouteName={page.resolved?.routeName ?? null}
                pathname={page.location.pathname}
              />
            )}
          </ToastProvider>
        </SignInDialogProvider>
      </ViewerSessionProvider>
    </AppStateProvider>
  );
}
