// The save-to-list popover's documents (issue 6 item 8): the viewer's lists and which hold
// the story, and the list changes it makes. Loaded with the popover.
import { graphql, known } from '../../app/graphql.ts';
import { CatalogResultFields, type CatalogSummary, type CatalogVisibility } from './CatalogCard.graphql.ts';

/** The save-to-list popover: the viewer's lists, and which hold the story. */
export const SaveToListPopoverQuery = known(graphql(`
  query SaveToListPopoverQuery($postId: ID!) {
    viewer {
      id
      catalogsConnection(paging: { limit: 50 }) {
        catalogs {
          id
          name
          predefined
          visibility
          hasPost(postId: $postId)
        }
      }
    }
  }
`));

export const CreateCatalog = known(graphql(`
  mutation CreateCatalog($input: CreateCatalogInput!) {
    createCatalog(input: $input) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const AddToCatalog = known(graphql(`
  mutation AddToCatalog($catalogId: ID!, $postId: ID!) {
    addToCatalog(catalogId: $catalogId, postId: $postId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const RemoveFromCatalog = known(graphql(`
  mutation RemoveFromCatalog($catalogId: ID!, $postId: ID!) {
    removeFromCatalog(catalogId: $catalogId, postId: $postId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export interface SaveToListCatalog {
  id: string;
  name: string;
  predefined: CatalogSummary['predefined'];
  visibility: CatalogVisibility;
  hasPost: boolean;
}

export interface SaveToListPopoverData {
  viewer: { id: string; catalogsConnection: { catalogs: SaveToListCatalog[] } } | null;
}
