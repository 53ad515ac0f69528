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

const idOnly = new WeakMap<FieldNode, boolean>();

/** Whether the resolver's own field selects nothing but its id, kept per field of a document (its nodes are the same objects for every request). */
export function thisFieldSelectsIdOnly(info: GraphQLResolveInfo): boolean {
  const key = info.fieldNodes[0]!;
  let answer = idOnly.get(key);
  if (answer === undefined) {
    answer = info.fieldNodes.every((field) => selectsIdOnly(field, info));
    idOnly.set(key, answer);
  }
  return answer;
}
