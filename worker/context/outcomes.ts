// Union members for results that are not the thing asked for
// (docs/product/2-sign-in-notices-cache-routing.md §3,
// docs/product/2-sign-in-notices-cache-routing.md §8). Each carries a message the client may show
// as is.

import { lockoutMinutes } from '../../shared/auth/lockout-text.ts';

export const OUTCOME_TYPENAMES = [
  'NotFound',
  'RemovedByUser',
  'AccountSuspended',
  'AccountDeleted',
  'PostSuspended',
  'Blocked',
  'Blocking',
  'Unauthorized',
  'UnavailableForLegalReasons',
  'WithheldInCountry',
  'GraphqlEmptyId',
] as const;
export type OutcomeTypename = (typeof OUTCOME_TYPENAMES)[number];

export interface Outcome {
  readonly __typename: OutcomeTypename;
  readonly message: string;
  /** Blocking only: the writer the viewer blocked (the page offers to unblock them). */
  readonly userId?: string;
}

export const outcomes = {
  notFound: (what: 'story' | 'user'): Outcome => ({
    __typename: 'NotFound',
    message: what === 'story' ? 'This story does not exist.' : 'This account does not exist.',
  }),
  removedByUser: (): Outcome => ({ __typename: 'RemovedByUser', message: 'This story was deleted by its author.' }),
  accountSuspended: (productName: string): Outcome => ({
    __typename: 'AccountSuspended',
    message: `This account is under investigation or was found in violation of the ${productName} Rules.`,
  }),
  accountDeleted: (): Outcome => ({ __typename: 'AccountDeleted', message: 'This account has been deleted.' }),
  postSuspended: (productName: string): Outcome => ({
    __typename: 'PostSuspended',
    message: `This story is under investigation or was found in violation of the ${productName} Rules.`,
  }),
  blocked: (): Outcome => ({ __typename: 'Blocked', message: 'You can’t read this story: its author has blocked you.' }),
  blocking: (writerId: string): Outcome => ({
    __typename: 'Blocking',
    message: 'You blocked the author of this story.',
    userId: writerId,
  }),
  // The three restrictions of migrations/0009_post_restrictions.sql (docs/reader.md "Outcomes").
  unauthorized: (): Outcome => ({ __typename: 'Unauthorized', message: 'Sign in to read this story.' }),
  unavailableForLegalReasons: (): Outcome => ({
    __typename: 'UnavailableForLegalReasons',
    message: 'This story is unavailable for legal reasons.',
  }),
  // A look-up by an empty id (docs/outcomes.md "GraphqlEmptyId"): the page shows not found.
  graphqlEmptyId: (): Outcome => ({ __typename: 'GraphqlEmptyId', message: 'No id was given.' }),
  withheldInCountry: (): Outcome => ({
    __typename: 'WithheldInCountry',
    message: 'This story has been withheld in your country in response to a legal demand.',
  }),
};

export function isOutcome(value: unknown): value is Outcome {
  return typeof value === 'object' && value !== null && '__typename' in value;
}

/** __resolveType of a result union whose only non-outcome member is `typename`. */
export function resolveResultType(typename: string) {
  return (value: unknown): string => (isOutcome(value) ? value.__typename : typename);
}

// ---- Refusals of a change (docs/outcomes.md; the types: worker/graphql/modules/outcome-kinds.ts) ----

export type Conflict = { readonly __typename: 'Conflict'; readonly message: string; readonly currentRev: number | null };
export type AlreadyExists = { readonly __typename: 'AlreadyExists'; readonly message: string };
export type RateLimited = { readonly __typename: 'RateLimited'; readonly message: string; readonly retryAt: number };
export type ServiceUnavailable = { readonly __typename: 'ServiceUnavailable'; readonly message: string };
export type PaymentError = { readonly __typename: 'PaymentError'; readonly message: string };
export type PublishingRestrictedBannedLinks = { readonly __typename: 'PublishingRestrictedBannedLinks'; readonly message: string; readonly links: readonly string[] };
export type EmptyQueue = { readonly __typename: 'EmptyQueue'; readonly message: string };

export const refusals = {
  conflict: (message: string, currentRev: number | null = null): Conflict => ({ __typename: 'Conflict', message, currentRev }),
  alreadyExists: (message: string): AlreadyExists => ({ __typename: 'AlreadyExists', message }),
  /** A change made too often; `retryAt` ends the window (the client counts the wait from it). */
  rateLimited: (what: string, retryAt: number, now: number): RateLimited => ({
    __typename: 'RateLimited',
    // Minutes counted as the sign-in texts count them (shared/auth/lockout-text.ts).
    message: `You ${what} too often. Please try again in ${lockoutMinutes(retryAt - now)} minute(s).`,
    retryAt,
  }),
  serviceUnavailable: (message: string): ServiceUnavailable => ({ __typename: 'ServiceUnavailable', message }),
  paymentError: (message: string): PaymentError => ({ __typename: 'PaymentError', message }),
  publishingRestrictedBannedLinks: (links: readonly string[]): PublishingRestrictedBannedLinks => ({
    __typename: 'PublishingRestrictedBannedLinks',
    message: `This story links to ${links.length === 1 ? 'a site' : 'sites'} we do not allow links to: ${links.join(', ')}. Remove ${links.length === 1 ? 'the link' : 'the links'} to publish.`,
    links,
  }),
  emptyQueue: (message: string): EmptyQueue => ({ __typename: 'EmptyQueue', message }),
};
