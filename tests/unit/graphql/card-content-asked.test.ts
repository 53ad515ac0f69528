// Whether a list of cards reads its stories' content (worker/graphql/card-content-asked.ts,
// docs/adr/0189-cards-read-without-their-content.md): only when the operation asks its posts for
// paragraphs or for a cover image's metadata beyond its id, through fragments too.
import { describe, expect, it } from 'vitest';
import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode } from 'graphql';
import { cardsAskForContent } from '../../../worker/graphql/card-content-asked.ts';

/** The resolve info of the first `postsConnection` field of `source`. */
function infoOf(source: string): GraphQLResolveInfo {
  const document = parse(source);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const find = (fields: readonly FieldNode[]): FieldNode | null => {
    for (const field of fields) {
      if (field.name.value === 'postsConnection') return field;
      const inner = find((field.selectionSet?.selections ?? []).filter((s): s is FieldNode => s.kind === Kind.FIELD));
      if (inner) return inner;
    }
    return null;
  };
  const field = find(operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD))!;
  return { fieldNodes: [field], fragments } as unknown as GraphQLResolveInfo;
}

const CARD = `fragment Card on Post { id title previewImage { id } creator { id name } }`;

describe('a list of cards and its stories’ content', () => {
  it('is not read for cards that show no paragraphs and only the cover’s id (the story page’s "More from")', () => {
    expect(cardsAskForContent(infoOf(`query { user(id: "u") { postsConnection { posts { ...Card } } } } ${CARD}`))).toBe(false);
    expect(cardsAskForContent(infoOf(`query { user(id: "u") { postsConnection { pagingInfo { next { limit } } posts { id __typename } } } }`))).toBe(false);
  });

  for (const field of ['previewContent { isFullContent }', 'extendedPreviewContent { isFullContent }', 'content { isLockedPreviewOnly }', 'highlights { id }', 'previewImage { id focusPercentX }']) {
    it(`is read when the cards ask for ${field.split(' ')[0]}${field.startsWith('previewImage') ? ' beyond its id' : ''}, in a fragment or inline`, () => {
      expect(cardsAskForContent(infoOf(`query { user(id: "u") { postsConnection { posts { ...Card ...More } } } } ${CARD} fragment More on Post { ${field} }`))).toBe(true);
      expect(cardsAskForContent(infoOf(`query { user(id: "u") { postsConnection { posts { ... on Post { ${field} } } } } }`))).toBe(true);
    });
  }

  it('is not read for a paragraph field asked outside the list’s posts', () => {
    expect(cardsAskForContent(infoOf(`query { user(id: "u") { postsConnection { posts { id } } } post(id: "p") { content { isLockedPreviewOnly } } }`))).toBe(false);
  });
});
