// A publication's custom domain documents (docs/adr/0087-a-publications-custom-domain.md; ADR 0045): the same
// settings fragment as a writer's domain.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { CustomDomainSettings_settings } from '../components/custom-domain/CustomDomainPanel.graphql.ts';

export const PublicationCustomDomainQuery = known(graphql(`
  query PublicationCustomDomainQuery($slug: String!) {
    viewer {
      id
    }
    publicationCustomDomain(collectionSlug: $slug) {
      collectionId
      name
      slug
      settings {
        ...CustomDomainSettings_settings
      }
    }
  }
`, [CustomDomainSettings_settings]));

export type PublicationCustomDomainData = ResultOf<typeof PublicationCustomDomainQuery>;

export const SetPublicationCustomDomain = known(graphql(`
  mutation SetPublicationCustomDomain($collectionId: ID!, $domain: String!) {
    setPublicationCustomDomain(collectionId: $collectionId, domain: $domain) {
      __typename
      ... on CustomDomainSettings {
        ...CustomDomainSettings_settings
      }
      ... on CustomDomainFailure {
        code
        message
      }
    }
  }
`, [CustomDomainSettings_settings]));

export const VerifyPublicationCustomDomain = known(graphql(`
  mutation VerifyPublicationCustomDomain($collectionId: ID!) {
    verifyPublicationCustomDomain(collectionId: $collectionId) {
      __typename
      ... on CustomDomainVerification {
        pendingReason
        settings {
          ...CustomDomainSettings_settings
        }
      }
      ... on CustomDomainFailure {
        code
        message
      }
    }
  }
`, [CustomDomainSettings_settings]));

export const RemovePublicationCustomDomain = known(graphql(`
  mutation RemovePublicationCustomDomain($collectionId: ID!) {
    removePublicationCustomDomain(collectionId: $collectionId) {
      ...CustomDomainSettings_settings
    }
  }
`, [CustomDomainSettings_settings]));
