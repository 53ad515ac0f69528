// What the publications capability answers: a publication's rows (the surfaces name them by
// these types and never import db/), or a refusal as the caller sees it — a result, not an
// error (the schema's BadRequest and NotFound union members). Every management action answers
// NotFound to anyone who is not the publication's owner or editor, as its pages answer 404.
export type { CollectionRow, CollectionFeaturePageRow } from '../db/schema.ts';

export interface PublicationRefusal {
  readonly __typename: 'BadRequest' | 'NotFound';
  readonly message: string;
}

export const refused = (message: string): PublicationRefusal => ({ __typename: 'BadRequest', message });
export const publicationNotFound = (): PublicationRefusal => ({ __typename: 'NotFound', message: 'This publication does not exist.' });

export function isPublicationRefusal(value: unknown): value is PublicationRefusal {
  const typename = (value as { __typename?: unknown } | null)?.__typename;
  return typename === 'BadRequest' || typename === 'NotFound';
}
