import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { FediverseFollowerPage_page } from './FediverseAudience.graphql.ts';

/** A writer's stats: the last 30 days by default (worker/stats/writer-stats.ts). */
export const StatsPageQuery = known(graphql(`
  query StatsPageQuery($username: String, $postId: ID, $collectionSlug: String, $newsletterId: ID, $withResponses: Boolean = false, $withFediverse: Boolean = false) {
    writerStats(username: $username, postId: $postId, collectionSlug: $collectionSlug, newsletterId: $newsletterId) {
      timeZone
      username
      name
      followerCount
      subscriberCount
      startDay
      endDay
      post {
        postId
        title
        fediverseLikes
        fediverseBoosts
      }
      days {
        day
        views
        reads
        readingSeconds
        claps
        followersGained
        subscribersGained
      }
      totals {
        views
        reads
        readRatio
        readingSeconds
        claps
        followersGained
        subscribersGained
      }
      stories {
        postId
        title
        views
        reads
        readingSeconds
        claps
      }
      fediverseFollowerCount @include(if: $withFediverse)
      fediverseFollowers @include(if: $withFediverse) {
        ...FediverseFollowerPage_page
      }
      fediverseInstanceBlocks @include(if: $withFediverse) {
        instance
        blockedAt
      }
      fediversePersonBlocks @include(if: $withFediverse) {
        id
        handle
        blockedAt
      }
      fediverseApprovesFollowers @include(if: $withFediverse)
      fediverseFollowRequests @include(if: $withFediverse) {
        ...FediverseFollowerPage_page
      }
      responses @include(if: $withResponses) {
        postId
        title
        views
        reads
        readingSeconds
        claps
      }
    }
  }
`, [FediverseFollowerPage_page]));

export type StatsPageData = ResultOf<typeof StatsPageQuery>;

/** A publication newsletter's stats (worker/newsletters/newsletter-stats.ts): editors only. */
export const PublicationDigestStatsQuery = known(graphql(`
  query PublicationDigestStatsQuery($slug: String!) {
    collection(slug: $slug) {
      id
      name
      slug
      viewerIsEditor
      newsletter {
        id
        name
        slug
        digestStats {
          days
          subscriberCount
          subscribersGained
          unsubscribed
          sends {
            postId
            title
            sentAt
            recipientCount
          }
        }
      }
    }
  }
`));

export type PublicationDigestStatsData = ResultOf<typeof PublicationDigestStatsQuery>;
