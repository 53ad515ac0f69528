// Shapes shared by the pages' query results that are still written by hand (the documents
// converted to fragments take their types from the documents: docs/adr/0006-graphql-documents.md).
import type { ResultOf } from '../app/graphql.ts';
import type { StoryCard_post } from '../components/StoryCard.graphql.ts';

export interface UserPreview {
  id: string;
  name: string;
  username: string;
  imageId: string | null;
}

/** A story as a card shows it (the StoryCard_post fragment). */
export type PostPreview = ResultOf<typeof StoryCard_post>;

export interface PagingInfo {
  next: { limit: number; to: string } | null;
}
