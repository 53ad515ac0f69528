// A list (catalog) as its card draws it (CatalogCard), and what a catalog mutation answers:
// the fragment every list page and the list mutations spread, with the hand-written shapes
// the library pages still read (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../../app/graphql.ts';
import type { PagingInfo } from './catalog-paging.ts';
import { UserAddress_user, type UserAddress } from '../links/addresses.graphql.ts';

export interface UserPreview {
  id: string;
  name: string;
  username: string;
  imageId: string | null;
}

export const CatalogFields = known(graphql(`
  fragment CatalogFields on Catalog {
    id
    name
    description
    type
    predefined
    visibility
    slugId
    postItemsCount
    updatedAt
    creator {
      ...UserAddress_user
      id
      name
      username
      imageId
    }
    viewerEdge {
      id
      isFollowing
      isCreator
    }
  }
`, [UserAddress_user]));

/** A catalog mutation answers the list, or the union member that says why not. */
export const CatalogResultFields = known(graphql(`
  fragment CatalogResultFields on CatalogResult {
    __typename
    ... on Catalog {
      ...CatalogFields
    }
    ... on BadRequest {
      message
    }
    ... on NotFound {
      message
    }
    ... on Forbidden {
      message
    }
  }
`, [CatalogFields]));

export type CatalogVisibility = 'PUBLIC' | 'PRIVATE' | 'LOCKED';

export interface CatalogSummary {
  id: string;
  name: string;
  description: string;
  type: string;
  predefined: 'READING_LIST' | 'CURRENTLY_READING' | 'PURCHASED' | null;
  visibility: CatalogVisibility;
  slugId: string;
  postItemsCount: number;
  updatedAt: number;
  creator: UserPreview & UserAddress;
  viewerEdge: { id: string; isFollowing: boolean; isCreator: boolean };
}

export interface CatalogPageData {
  catalogs: CatalogSummary[];
  pagingInfo: PagingInfo;
}

/** A catalog mutation's answer: the list, or the union member that says why not. */
export type CatalogMutationResult = (CatalogSummary & { __typename: 'Catalog' }) | { __typename: 'BadRequest' | 'NotFound' | 'Forbidden'; message: string };
