// Whether a list of stories (a PostConnection) must read its stories' content: only when the
// operation asks its posts for paragraphs (content, previewContent, extendedPreviewContent,
// highlights) or for a cover image's metadata beyond its id. The story page's "More from" cards ask
// for none, and their rows then leave the content out (docs/adr/0189-cards-read-without-their-content.md).
// A field that needs the content after all still gets it (worker/stories/content-gate.ts reads it
// by id): this decides what a list reads, never what a reader receives.
import type { GraphQLResolveInfo } from 'graphql';
import { fieldsOf, fieldsUnderThisField, perDocumentField, selectsIdOnly } from './selected-fields.ts';

/** The Post fields that read a story's content (worker/graphql/resolvers/post.ts and the modules' Post fields). */
const READS_CONTENT = new Set(['content', 'previewContent', 'extendedPreviewContent', 'highlights']);

/** Answered once per field of a document (perDocumentField). */
export const cardsAskForContent = perDocumentField(asked);

function asked(info: GraphQLResolveInfo): boolean {
  for (const list of fieldsUnderThisField(info)) {
    if (list.name.value !== 'posts') continue;
    for (const field of fieldsOf(list.selectionSet, info)) {
      const name = field.name.value;
      if (READS_CONTENT.has(name)) return true;
      if (name === 'previewImage' && !selectsIdOnly(field, info)) return true;
    }
  }
  return false;
}
