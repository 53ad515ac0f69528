// The shell's client-app-support question (docs/entities.md "Client app support").
import { graphql, known } from './graphql.ts';

export const ClientAppSupportStateQuery = known(graphql(`
  query ClientAppSupportStateQuery($version: String!) {
    clientAppSupportState(version: $version)
  }
`));
