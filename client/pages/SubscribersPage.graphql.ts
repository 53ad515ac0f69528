// The query of import-mailing-list (issue 12 item 8; docs/newsletters.md "Subscriber list").
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const SubscribersPageQuery = known(graphql(`
  query SubscribersPageQuery($newsletterId: ID, $paging: PagingOptions) {
    viewer {
      id
      username
    }
    managedNewsletters {
      id
      name
      kind
    }
    newsletterSubscribers(newsletterId: $newsletterId, paging: $paging) {
      newsletter {
        id
        name
        kind
      }
      total
      pendingInvitations
      subscribers {
        userId
        name
        username
        email
        subscribedAt
        imported
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
  }
`));

export type SubscribersPageData = ResultOf<typeof SubscribersPageQuery>;

/** Export email subscribers by mail (EXPORT_EMAIL_SUBSCRIBERS). */
export const ExportEmailSubscribers = known(graphql(`
  mutation ExportEmailSubscribers($newsletterId: ID!) {
    exportEmailSubscribers(newsletterId: $newsletterId) {
      __typename
      ... on SubscriberExportMailed {
        newsletterId
        email
        subscriberCount
      }
      ... on NotFound {
        message
      }
    }
  }
`));
