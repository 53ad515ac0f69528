// Union members for results that are not the thing asked for
// (docs/product/2-sign-in-notices-cache-routing.md §3,
// docs/product/2-sign-in-notices-cache-routing.md §8). Each carries a message the client may show
// as is.

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
