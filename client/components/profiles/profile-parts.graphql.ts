// What the parts every profile page shares draw (profile-parts.tsx): the writer in the
// heading and the sidebar, and the outcomes that keep a profile from showing.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';
import { PersonRow_user } from './PersonRow.graphql.ts';
import { OwnerStyle_sheet } from '../design/owner-style.graphql.ts';

export const ProfileHeading_user = known(graphql(`
  fragment ProfileHeading_user on User {
    ...PersonRow_user
    createdAt
    mediumMemberAt
    isFriend
    isBookAuthor
    socialStats {
      followerCount
      followingCount
    }
    viewerEdge {
      id
      isBlocking
    }
    customStyleSheet {
      ...OwnerStyle_sheet
    }
  }
`, [PersonRow_user, OwnerStyle_sheet]));

export const UnavailableProfile_result = known(graphql(`
  fragment UnavailableProfile_result on UserResult {
    __typename
    ... on NotFound {
      message
    }
    ... on AccountSuspended {
      message
    }
    ... on AccountDeleted {
      message
    }
    ... on GraphqlEmptyId {
      message
    }
  }
`));

export type ProfileHeaderUser = ResultOf<typeof ProfileHeading_user> & { __typename: 'User' };
export type UnavailableUser = Exclude<ResultOf<typeof UnavailableProfile_result>, { __typename: 'User' }>;
/** A profile page's userResult: the writer with what the page adds, or why there is none. */
export type ProfileResult<Extra = object> = (ProfileHeaderUser & Extra) | UnavailableUser;
