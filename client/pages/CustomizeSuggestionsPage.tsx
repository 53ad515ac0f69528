// customize-suggestions (/me/following/suggestions): who to follow — writers with
// published stories and publications the viewer neither follows nor mutes (never the
// viewer), most followed first (Query.followSuggestions).
//
// Unlike the other customize pages, a visitor sees the list too (the most followed
// writers and publications: nothing about anyone in particular), under a sign-in prompt;
// a Follow click asks them to sign up.
import { CustomizeSuggestionsQuery, type CustomizeSuggestionsData } from './CustomizeSuggestionsPage.graphql.ts';
import { CollectionRow, UserRow } from '../components/follow/SocialRows.tsx';
import { CustomizeFrame, CustomizeSignInPrompt, EmptyList } from './CustomizeLayout.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

export const customizeSuggestionsPage: PageDefinition<CustomizeSuggestionsData> = {
  query: () => ({ query: CustomizeSuggestionsQuery, variables: {} }),
  title: (_data, state) => `Suggestions – ${state.config.productName}`,
  Component: function CustomizeSuggestions({ data }) {
    const { users, collections } = data.followSuggestions;
    return (
      <CustomizeFrame active="followingSuggestions">
        {!data.viewer ? <CustomizeSignInPrompt what="get suggestions picked for you and follow writers and publications" /> : null}
        <section aria-labelledby="suggested-writers" className="social-section">
          <h2 id="suggested-writers" className="social-section-heading">
            Writers to follow
          </h2>
          {users.length === 0 ? <EmptyList>You already follow every writer we would suggest.</EmptyList> : null}
          <ul className="social-list">
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        </section>
        <section aria-labelledby="suggested-publications" className="social-section">
          <h2 id="suggested-publications" className="social-section-heading">
            Publications to follow
          </h2>
          {collections.length === 0 ? <EmptyList>You already follow every publication we would suggest.</EmptyList> : null}
          <ul className="social-list">
            {collections.map((collection) => (
              <CollectionRow key={collection.id} collection={collection} />
            ))}
          </ul>
        </section>
      </CustomizeFrame>
    );
  },
};
