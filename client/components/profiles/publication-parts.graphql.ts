import { graphql, known, type ResultOf } from '../../app/graphql.ts';
import { PersonRow_user } from './PersonRow.graphql.ts';
import { OwnerStyle_sheet } from '../design/owner-style.graphql.ts';

/** What a publication page's masthead and sidebar draw (publication-parts.tsx). */
export const PublicationMasthead_collection = known(graphql(`
  fragment PublicationMasthead_collection on Collection {
    id
    name
    slug
    description
    avatarId
    domain
    customDomainState {
      live {
        domain
      }
    }
    creator {
      ...PersonRow_user
    }
    socialStats {
      followerCount
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
    viewerIsEditor
    design {
      headerLayout
      accentColor
      backgroundColor
      logoId
    }
    navigation {
      title
      kind
      target
    }
    customStyleSheet {
      ...OwnerStyle_sheet
    }
  }
`, [PersonRow_user, OwnerStyle_sheet]));

export type PublicationHeader = ResultOf<typeof PublicationMasthead_collection>;
