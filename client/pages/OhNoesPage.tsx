// Page oh-noes (/_/oh-noes, basic layout): for staff it throws while rendering, so the
// render-error page and the error report can be checked on a running site
// (worker/pages/render-error-page.ts); for everyone else it is the 404 page.
import { PageNotFound } from '../components/PageNotFound.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { OhNoesPageQuery, type OhNoesPageData } from './OhNoesPage.graphql.ts';

export class OhNoesError extends Error {
  override name = 'OhNoesError';
}

export const ohNoesPage: PageDefinition<OhNoesPageData> = {
  query: () => ({ query: OhNoesPageQuery, variables: {} }),
  status: (data) => (data.ohNoesAllowed ? 500 : 404),
  title: (data, state) => (data?.ohNoesAllowed ? `Oh noes | ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: function OhNoes({ data }) {
    if (data.ohNoesAllowed) throw new OhNoesError('Oh noes! /_/oh-noes raised this error on purpose.');
    return <PageNotFound />;
  },
};
