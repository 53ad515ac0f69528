// Documents of the newsletter pages (issue 12 item 8; docs/newsletters.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';

/** email-settings (/me/email-settings/{userId}/{hash}) and global-unsubscribe-newsletters (hash null: the viewer's own). */
export const EmailSettingsPageQuery = known(graphql(`
  query EmailSettingsPage($userId: ID!, $hash: String) {
    newsletterEmailSettings(userId: $userId, hash: $hash) {
      __typename
      ... on NewsletterEmailSettings {
        userId
        subscriptions {
          createdAt
          writer {
            id
            name
            username
          }
        }
        publicationSubscriptions {
          createdAt
          newsletter {
            id
            name
            collection {
              name
            }
          }
        }
      }
      ... on Forbidden {
        message
      }
    }
  }
`));
export type EmailSettingsPageData = ResultOf<typeof EmailSettingsPageQuery>;

export const UnsubscribeFromNewslettersMutation = known(graphql(`
  mutation UnsubscribeFromNewsletters($userId: ID!, $hash: String, $writerId: ID) {
    unsubscribeFromNewsletters(userId: $userId, hash: $hash, writerId: $writerId) {
      __typename
      ... on NewsletterEmailSettings {
        userId
        subscriptions {
          createdAt
          writer {
            id
            name
            username
          }
        }
        publicationSubscriptions {
          createdAt
          newsletter {
            id
            name
            collection {
              name
            }
          }
        }
      }
      ... on Forbidden {
        message
      }
    }
  }
`));

/** global-unsubscribe-newsletters: who the signed-in viewer is. */
export const UnsubscribeAllPageQuery = known(graphql(`
  query UnsubscribeAllPage {
    viewer {
      id
    }
  }
`));
export type UnsubscribeAllPageData = ResultOf<typeof UnsubscribeAllPageQuery>;
