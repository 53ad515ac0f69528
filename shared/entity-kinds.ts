// Entity kinds of docs/product/3-routes-data-calls-constants.md §3: the kinds of thing the API
// names when it says which kind an id belongs to (ViewerEdgeUpdate.entityKind, docs/entities.md).
export const ENTITY_KINDS = ['BOOK_EDITION', 'CATALOG', 'COLLECTION', 'POST', 'TAG', 'USER', 'PARAGRAPH', 'TOPIC'] as const;

export type EntityKind = (typeof ENTITY_KINDS)[number];
