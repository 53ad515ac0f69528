// The placeholder a page without a query of its own hands to useQuery, paused: hooks run
// unconditionally, and this one never sends anything.
import { graphql, known } from '../app/graphql.ts';

export const NoPageQuery = known(graphql(`
  query NoPageQuery {
    __typename
  }
`));
