// /mastodon's documents (Mastodon for members; docs/adr/0180-mastodon-for-members.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const MastodonForMembersQuery = known(graphql(`
  query MastodonForMembersQuery {
    mastodonForMembers {
      membersInstanceDomain
      localInstanceDomain
      signedIn
      viewerIsMember
      account {
        id
        username
        domain
        url
      }
    }
  }
`));

export type MastodonForMembersData = ResultOf<typeof MastodonForMembersQuery>;

export const ConnectMastodonAccount = known(graphql(`
  mutation ConnectMastodonAccount($instance: String!) {
    connectMastodonAccount(instance: $instance) {
      __typename
      ... on MastodonAuthorization {
        authorizeUrl
      }
      ... on MastodonInstanceConnectionError {
        message
      }
      ... on MastodonAccountConnectionError {
        message
      }
    }
  }
`));

export const ClaimMastodonAccount = known(graphql(`
  mutation ClaimMastodonAccount($username: String!) {
    claimMastodonAccount(username: $username) {
      __typename
      ... on MastodonAccount {
        id
        username
        domain
        url
      }
      ... on MastodonInstanceConnectionError {
        message
      }
      ... on MastodonAccountConnectionError {
        message
      }
      ... on MastodonAccountValidationError {
        message
        problems {
          field
          code
          message
        }
      }
    }
  }
`));

export const DisconnectMastodonAccount = known(graphql(`
  mutation DisconnectMastodonAccount {
    disconnectMastodonAccount
  }
`));
