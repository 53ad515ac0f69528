// What the custom domain panel draws (docs/adr/0086-a-writers-custom-domain.md; ADR 0045): the setting of
// an account's or a publication's domain, spread by both settings pages' documents.
import { graphql, known } from '../../app/graphql.ts';

export const CustomDomainSettings_settings = known(graphql(`
  fragment CustomDomainSettings_settings on CustomDomainSettings {
    state
    domain
    records {
      type
      name
      value
    }
    registrarHandOff
  }
`));
