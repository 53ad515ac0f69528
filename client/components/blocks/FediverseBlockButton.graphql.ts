// A writer blocks or unblocks one fediverse person (docs/adr/0214-blocking-a-fediverse-person.md),
// from the audience page or from the person's reply under a story.
import { graphql, known } from '../../app/graphql.ts';

export const BlockFediversePerson = known(graphql(`
  mutation BlockFediversePerson($personId: ID!) {
    blockFediversePerson(personId: $personId) {
      id
      handle
      blockedAt
    }
  }
`));

export const UnblockFediversePerson = known(graphql(`
  mutation UnblockFediversePerson($personId: ID!) {
    unblockFediversePerson(personId: $personId) {
      id
      handle
      blockedAt
    }
  }
`));
