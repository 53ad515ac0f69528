// What a part's page shows of its series (docs/series.md): "Part 2 of 3" and the previous and
// next parts.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';

export const SeriesNav_post = known(graphql(`
  fragment SeriesNav_post on Post {
    id
    seriesPlace {
      partNumber
      partCount
      series {
        id
        slug
        title
      }
      previous {
        id
        title
      }
      next {
        id
        title
      }
    }
  }
`));

export type SeriesNavData = ResultOf<typeof SeriesNav_post>;
