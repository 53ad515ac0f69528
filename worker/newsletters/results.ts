// What the newsletters capability answers: a publication newsletter's row (the surfaces name it
// by this type and never import db/), or a refusal as the caller sees it — a result, not an
// error (the schema's NotFound, BadRequest and Forbidden union members).
export type { PublicationNewsletterRow } from '../db/schema.ts';

export interface NewsletterRefusal {
  readonly __typename: 'NotFound' | 'BadRequest' | 'Forbidden';
  readonly message: string;
}

export const refused = (message: string): NewsletterRefusal => ({ __typename: 'BadRequest', message });

export function isNewsletterRefusal(value: unknown): value is NewsletterRefusal {
  const typename = (value as { __typename?: unknown } | null)?.__typename;
  return typename === 'NotFound' || typename === 'BadRequest' || typename === 'Forbidden';
}
