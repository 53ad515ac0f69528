// The one place in worker/pages/ that reaches the client's code: the route resolver the
// browser also uses, the page definitions, and the server render. Everything else in the
// request pipeline imports them from here, so moving them (shared/routing/, the client's
// server entry) is an edit of this file only.
export { resolvePage, type ResolvedPage } from '../../client/app/resolve-page.ts';
export { notFoundPage, PAGES } from '../../client/pages/registry.ts';
export type { PageDefinition } from '../../client/pages/page-definition.ts';
export { renderPage } from '../ssr/render-page.tsx';
