// URL builders of docs/product/3-routes-data-calls-constants.md §2.11, by area. Each takes the
// LinkContext of the page it is built on, so an address is root-relative where the current host
// serves it and absolute elsewhere (see shared/routing/links.ts).
export * from './story-urls.ts';
export * from './story-action-urls.ts';
export * from './profile-urls.ts';
export * from './publication-urls.ts';
export * from './list-urls.ts';
export * from './me-urls.ts';
export * from './misc-urls.ts';
export * from './auth-urls.ts';
export * from './image-urls.ts';
export type { LiveDomainState } from './site-origin.ts';
export { customDomainHost, customDomainOfDevelopmentHostname, customDomainOrigin } from './site-origin.ts';
