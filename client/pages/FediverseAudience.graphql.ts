import { graphql, known, type ResultOf } from '../app/graphql.ts';

/** One page of fediverse followers or of Follows waiting for approval (the audience page and its "Show more"). */
export const FediverseFollowerPage_page = graphql(`
  fragment FediverseFollowerPage_page on FediverseFollowerPage {
    followers {
      id
      handle
      instance
      followedAt
    }
    nextCursor
  }
`);

/** The next page of the writer's fediverse followers ("Show more"). */
export const FediverseFollowersMoreQuery = known(graphql(`
  query FediverseFollowersMoreQuery($username: String, $after: String) {
    writerStats(username: $username) {
      fediverseFollowers(after: $after) {
        ...FediverseFollowerPage_page
      }
    }
  }
`, [FediverseFollowerPage_page]));

/** The next page of the Follows waiting for approval ("Show more requests"). */
export const FediverseFollowRequestsMoreQuery = known(graphql(`
  query FediverseFollowRequestsMoreQuery($username: String, $after: String) {
    writerStats(username: $username) {
      fediverseFollowRequests(after: $after) {
        ...FediverseFollowerPage_page
      }
    }
  }
`, [FediverseFollowerPage_page]));

export const RemoveFediverseFollowerMutation = known(graphql(`
  mutation RemoveFediverseFollower($followerId: ID!) {
    removeFediverseFollower(followerId: $followerId) {
      id
    }
  }
`));

export const BlockFediverseInstanceMutation = known(graphql(`
  mutation BlockFediverseInstance($instance: String!) {
    blockFediverseInstance(instance: $instance) {
      instance
      removedFollowers
    }
  }
`));

export const UnblockFediverseInstanceMutation = known(graphql(`
  mutation UnblockFediverseInstance($instance: String!) {
    unblockFediverseInstance(instance: $instance) {
      instance
    }
  }
`));

export const SetFediverseFollowerApprovalMutation = known(graphql(`
  mutation SetFediverseFollowerApproval($approve: Boolean!) {
    setFediverseFollowerApproval(approve: $approve)
  }
`));

export const ApproveFediverseFollowerMutation = known(graphql(`
  mutation ApproveFediverseFollower($followerId: ID!) {
    approveFediverseFollower(followerId: $followerId) {
      id
      handle
      instance
      followedAt
    }
  }
`));

export const DeclineFediverseFollowerMutation = known(graphql(`
  mutation DeclineFediverseFollower($followerId: ID!) {
    declineFediverseFollower(followerId: $followerId) {
      id
    }
  }
`));

export type FediverseFollowersMoreData = ResultOf<typeof FediverseFollowersMoreQuery>;
