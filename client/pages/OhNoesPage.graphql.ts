// The query of oh-noes: whether the viewer may see the page throw (staff only).
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const OhNoesPageQuery = known(graphql(`
  query OhNoesPageQuery {
    ohNoesAllowed
  }
`));

export type OhNoesPageData = ResultOf<typeof OhNoesPageQuery>;
