// The documents of the series pages (docs/series.md): a series by id or address, the writer's
// series, and the writes. Defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const SeriesFields = known(graphql(`
  fragment SeriesFields on Series {
    id
    slug
    title
    description
    publishedAt
    updatedAt
    followerCount
    creator {
      id
      name
      username
    }
    viewerEdge {
      isCreator
      isFollowing
    }
    parts {
      id
      title
      subtitle
      isLocked
      isPublished
      readingTime
    }
  }
`));

/** series (/series/{postId}, /s/{sequenceSlug}) and its editor (/series/{postId}/edit, /s/{sequenceSlug}/edit). */
export const SeriesPageQuery = known(graphql(`
  query SeriesPageQuery($id: ID!, $slug: String!, $withStories: Boolean!) {
    viewer {
      id
    }
    byId: series(id: $id) {
      ...SeriesFields
      candidateStories @include(if: $withStories) {
        id
        title
      }
      partStats @include(if: $withStories) {
        post {
          id
          title
        }
        views
        reads
      }
    }
    bySlug: seriesBySlug(slug: $slug) {
      ...SeriesFields
      candidateStories @include(if: $withStories) {
        id
        title
      }
    }
  }
`, [SeriesFields]));

/** your-series (/me/series, /me/series/{filterBy}) and the series stats (/me/stats/series). */
export const YourSeriesPageQuery = known(graphql(`
  query YourSeriesPageQuery($filter: SeriesFilter!, $withStats: Boolean!, $username: String, $forUser: Boolean = false) {
    owner: profileResult(username: $username) @include(if: $forUser) {
      __typename
      ... on User {
        id
      }
    }
    viewer {
      id
      series(filter: $filter) {
        ...SeriesFields
        partStats @include(if: $withStats) {
          post {
            id
            title
          }
          views
          reads
        }
      }
    }
  }
`, [SeriesFields]));

const RESULT = `
  __typename
  ... on Series {
    ...SeriesFields
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
`;

export const CreateSeries = known(graphql(`mutation CreateSeries($input: SeriesInput!) { createSeries(input: $input) { ${RESULT} } }`, [SeriesFields]));
export const UpdateSeries = known(graphql(`mutation UpdateSeries($seriesId: ID!, $input: SeriesInput!) { updateSeries(seriesId: $seriesId, input: $input) { ${RESULT} } }`, [SeriesFields]));
export const PublishSeries = known(graphql(`mutation PublishSeries($seriesId: ID!) { publishSeries(seriesId: $seriesId) { ${RESULT} } }`, [SeriesFields]));
export const AddSeriesPart = known(graphql(`mutation AddSeriesPart($seriesId: ID!, $postId: ID!) { addSeriesPart(seriesId: $seriesId, postId: $postId) { ${RESULT} } }`, [SeriesFields]));
export const RemoveSeriesPart = known(graphql(`mutation RemoveSeriesPart($seriesId: ID!, $postId: ID!) { removeSeriesPart(seriesId: $seriesId, postId: $postId) { ${RESULT} } }`, [SeriesFields]));
export const MoveSeriesPart = known(graphql(`mutation MoveSeriesPart($seriesId: ID!, $postId: ID!, $direction: SeriesMoveDirection!) { moveSeriesPart(seriesId: $seriesId, postId: $postId, direction: $direction) { ${RESULT} } }`, [SeriesFields]));
export const FollowSeries = known(graphql(`mutation FollowSeries($seriesId: ID!) { followSeries(seriesId: $seriesId) { ${RESULT} } }`, [SeriesFields]));
export const UnfollowSeries = known(graphql(`mutation UnfollowSeries($seriesId: ID!) { unfollowSeries(seriesId: $seriesId) { ${RESULT} } }`, [SeriesFields]));

export type SeriesData = ResultOf<typeof SeriesFields>;
export type SeriesPageData = ResultOf<typeof SeriesPageQuery>;
export type YourSeriesPageData = ResultOf<typeof YourSeriesPageQuery>;
export type SeriesResult = { __typename: 'Series' } & SeriesData | { __typename: 'BadRequest' | 'NotFound' | 'Forbidden'; message: string };
