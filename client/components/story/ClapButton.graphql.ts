import { graphql, known } from '../../app/graphql.ts';

export const ClapMutation = known(graphql(`
  mutation ClapMutation($targetPostId: ID!, $numClaps: Int!) {
    clap(targetPostId: $targetPostId, numClaps: $numClaps) {
      id
      clapCount
      viewerEdge {
        id
        clapCount
      }
    }
  }
`));

// A list's claps (issue 27 point 6, Catalog.clappers): the same button on the list page.
export const ClapCatalogMutation = known(graphql(`
  mutation ClapCatalogMutation($catalogId: ID!, $numClaps: Int!) {
    clapCatalog(catalogId: $catalogId, numClaps: $numClaps) {
      id
      clapCount
      viewerEdge {
        id
        clapCount
      }
    }
  }
`));
