// The fields an operation selects under a node, fragments and inline fragments spread: what a
// resolver reads to know what the rest of the operation will ask of its answer.
import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

export function fieldsOf(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo, into: FieldNode[] = []): FieldNode[] {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) into.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fieldsOf(selection.selectionSet, info, into);
    else fieldsOf(info.fragments[selection.name.value]?.selectionSet, info, into);
  }
  return into;
}

/** The fields selected under the resolver's own field (every node of it the operation merged). */
export function fieldsUnderThisField(info: GraphQLResolveInfo): FieldNode[] {
  const into: FieldNode[] = [];
  for (const node of info.fieldNodes) fieldsOf(node.selectionSet, info, into);
  return into;
}

/** Whether `field` selects nothing but its id (and __typename). */
export function selectsIdOnly(field: FieldNode, info: GraphQLResolveInfo): boolean {
  return fieldsOf(field.selectionSet, info).every((f) => f.name.value === 'id' || f.name.value === '__typename');
}

/**
 * A question about the operation whose answer depends on the document alone (its fragments
 * included), answered once per field of a document: the document's AST nodes are the same
 * objects for every request that runs it, so the resolver's first field node keys the answer.
 */
export function perDocumentField(answer: (info: GraphQLResolveInfo) => boolean): (info: GraphQLResolveInfo) => boolean {
  const answers = new WeakMap<FieldNode, boolean>();
  return (info) => {
    const key = info.fieldNodes[0]!;
    let known = answers.get(key);
    if (known === undefined) {
      known = answer(info);
      answers.set(key, known);
    }
    return known;
  };
}

/** Whether the resolver's own field selects nothing but its id. */
export const thisFieldSelectsIdOnly = perDocumentField((info) => info.fieldNodes.every((field) => selectsIdOnly(field, info)));
