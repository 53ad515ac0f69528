import { graphql, known, type ResultOf } from '../../app/graphql.ts';
import type { PagingInfo } from '../lists/catalog-paging.ts';

/** A person in a list of people (followers, following, who to follow), as PersonRow draws them. */
export const PersonRow_user = known(graphql(`
  fragment PersonRow_user on User {
    id
    name
    username
    bio
    imageId
    hasSubdomain
    customDomainState {
      live {
        domain
      }
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
  }
`));

export type PersonPreview = ResultOf<typeof PersonRow_user>;

export interface PersonConnectionData {
  users: PersonPreview[];
  pagingInfo: PagingInfo;
}
