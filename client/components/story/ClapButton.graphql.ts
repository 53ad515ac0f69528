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
