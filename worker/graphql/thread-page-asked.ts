// Whether an operation asks for the first page of a story's thread beside its count: the story
// page's query asks postResult(id) { postResponses { count } } and postPageExtras: post(id)
// { threadedPostResponses }. The count's resolver then takes the count from that page's statement
// (worker/responses/responses.ts, threadCountWithFirstPage) instead of a statement of its own.
// Read from the operation's text and variables, so the answer does not depend on which resolver
// happens to run first.
import { getArgumentValues, isObjectType, type GraphQLResolveInfo } from 'graphql';
import { fieldsOf } from './selected-fields.ts';
import type { PagingOptions } from '../context/paging.ts';
import type { ResponseSortType } from '../responses/responses.ts';

export interface ThreadPageAsked {
  paging: PagingOptions | null | undefined;
  sortType: ResponseSortType;
}

/** The first page (no `to`) of `postId`'s thread that a root field for that story asks for, if any. */
export function firstThreadPageAsked(info: GraphQLResolveInfo, postId: string): ThreadPageAsked | null {
  const query = info.schema.getQueryType();
  const post = info.schema.getType('Post');
  if (info.operation.operation !== 'query' || !query || !isObjectType(post)) return null;
  const threadField = post.getFields().threadedPostResponses;
  if (!threadField) return null;
  for (const root of fieldsOf(info.operation.selectionSet, info)) {
    const rootField = query.getFields()[root.name.value];
    if (!rootField?.args.some((arg) => arg.name === 'id')) continue;
    if (getArgumentValues(rootField, root, info.variableValues).id !== postId) continue;
    for (const field of fieldsOf(root.selectionSet, info)) {
      if (field.name.value !== 'threadedPostResponses') continue;
      const args = getArgumentValues(threadField, field, info.variableValues) as { paging?: PagingOptions | null; sortType?: ResponseSortType | null };
      if (args.paging?.to) continue;
      return { paging: args.paging, sortType: args.sortType ?? 'NEWEST' };
    }
  }
  return null;
}
