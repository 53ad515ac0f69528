// Documents of the publication newsletter pages (issue 12; docs/newsletters.md "Publication newsletters").
import { graphql, known, type ResultOf } from '../app/graphql.ts';

/** publication-newsletter-promotion and publication-newsletter-settings: the publication and its newsletter. */
export const PublicationNewsletterPageQuery = known(graphql(`
  query PublicationNewsletterPage($slug: String!, $newsletterSlug: String) {
    viewer {
      id
    }
    collection(slug: $slug) {
      id
      name
      slug
      viewerIsEditor
      newsletter(slug: $newsletterSlug) {
        id
        slug
        name
        description
        viewerIsSubscribed
        subscriberCount
      }
    }
  }
`));
export type PublicationNewsletterPageData = ResultOf<typeof PublicationNewsletterPageQuery>;

export const CreatePublicationNewsletterMutation = known(graphql(`
  mutation CreatePublicationNewsletter($collectionId: ID!, $name: String!, $description: String) {
    createPublicationNewsletter(collectionId: $collectionId, name: $name, description: $description) {
      __typename
      ... on PublicationNewsletter {
        id
        slug
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const SubscribeToPublicationNewsletterMutation = known(graphql(`
  mutation SubscribeToPublicationNewsletter($newsletterId: ID!) {
    subscribeToPublicationNewsletter(newsletterId: $newsletterId) {
      __typename
      ... on PublicationNewsletter {
        id
        viewerIsSubscribed
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const UnsubscribeFromPublicationNewsletterMutation = known(graphql(`
  mutation UnsubscribeFromPublicationNewsletter($newsletterId: ID!) {
    unsubscribeFromPublicationNewsletter(newsletterId: $newsletterId) {
      __typename
      ... on PublicationNewsletter {
        id
        viewerIsSubscribed
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const UpdatePublicationNewsletterMutation = known(graphql(`
  mutation UpdatePublicationNewsletter($newsletterId: ID!, $name: String!, $description: String) {
    updatePublicationNewsletter(newsletterId: $newsletterId, name: $name, description: $description) {
      __typename
      ... on PublicationNewsletter {
        id
        name
        description
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));
