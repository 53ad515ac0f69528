// The query of customize-suggestions, defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { UserRow_user, CollectionRow_collection } from '../components/follow/SocialRows.graphql.ts';

export const CustomizeSuggestionsQuery = known(graphql(`
  query CustomizeSuggestionsQuery {
    viewer {
      id
    }
    followSuggestions(limit: 20) {
      users {
        ...UserRow_user
      }
      collections {
        ...CollectionRow_collection
      }
    }
  }
`, [UserRow_user, CollectionRow_collection]));

export type CustomizeSuggestionsData = ResultOf<typeof CustomizeSuggestionsQuery>;
