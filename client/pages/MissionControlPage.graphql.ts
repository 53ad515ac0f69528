// The query of mission-control (/me/missioncontrol; docs/adr/0166-mission-control.md): what waits
// for the writer — their latest drafts, the publications they publish or submit to.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const MISSION_CONTROL_DRAFTS = 3;

export const MissionControlPageQuery = known(graphql(`
  query MissionControlPageQuery($drafts: PagingOptions) {
    viewer {
      id
      username
      name
      drafts: yourStoriesConnection(filter: DRAFTS, paging: $drafts) {
        posts {
          id
          title
        }
      }
      writablePublications {
        canPublish
        collection {
          id
          slug
          name
          domain
        }
      }
    }
  }
`));

export type MissionControlPageData = ResultOf<typeof MissionControlPageQuery>;
