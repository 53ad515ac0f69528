// The custom domain setting's documents (docs/adr/0086-a-writers-custom-domain.md; ADR 0045).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { CustomDomainSettings_settings } from '../components/custom-domain/CustomDomainPanel.graphql.ts';

export const CustomDomainSettingsQuery = known(graphql(`
  query CustomDomainSettingsQuery {
    customDomainSettings {
      ...CustomDomainSettings_settings
    }
  }
`, [CustomDomainSettings_settings]));

export type CustomDomainSettingsData = ResultOf<typeof CustomDomainSettingsQuery>;
export type CustomDomainSettingsValue = NonNullable<CustomDomainSettingsData['customDomainSettings']>;

export const SetCustomDomain = known(graphql(`
  mutation SetCustomDomain($domain: String!) {
    setCustomDomain(domain: $domain) {
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

export const VerifyCustomDomain = known(graphql(`
  mutation VerifyCustomDomain {
    verifyCustomDomain {
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

export const RemoveCustomDomain = known(graphql(`
  mutation RemoveCustomDomain {
    removeCustomDomain {
      ...CustomDomainSettings_settings
    }
  }
`, [CustomDomainSettings_settings]));
