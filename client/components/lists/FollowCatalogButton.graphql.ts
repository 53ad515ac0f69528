// Saving (following) someone's list and taking it back (issue 6 item 8).
import { graphql, known } from '../../app/graphql.ts';
import { CatalogResultFields } from './CatalogCard.graphql.ts';

export const FollowCatalog = known(graphql(`
  mutation FollowCatalog($catalogId: ID!) {
    followCatalog(catalogId: $catalogId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const UnfollowCatalog = known(graphql(`
  mutation UnfollowCatalog($catalogId: ID!) {
    unfollowCatalog(catalogId: $catalogId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));
