// customize-muted (/me/settings/mute, /me/settings/mute/{activeTab}): the writers and
// publications the viewer muted, each with Unmute (at once; the server settles it).
import { CustomizeMutedQuery, MutedCollectionsPageQuery, MutedUsersPageQuery, type CustomizeMutedData } from './CustomizeMutedPage.graphql.ts';
import type { SocialCollection, SocialUser } from '../components/follow/SocialRows.graphql.ts';
import { listPage, NO_ITEMS, PagedSocialList } from './PagedSocialList.tsx';
import { CollectionRow, UserRow } from '../components/follow/SocialRows.tsx';
import { CustomizeFrame, CustomizeSignInPrompt, EmptyList } from './CustomizeLayout.tsx';
import { CUSTOMIZE_LIST_LIMIT } from './CustomizeFollowingPage.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

export const customizeMutedPage: PageDefinition<CustomizeMutedData> = {
  query: () => ({ query: CustomizeMutedQuery, variables: { paging: { limit: CUSTOMIZE_LIST_LIMIT } } }),
  title: (_data, state) => `Muted – ${state.config.productName}`,
  Component: function CustomizeMuted({ data }) {
    const viewer = data.viewer;
    return (
      <CustomizeFrame active="mute">
        {!viewer ? (
          <CustomizeSignInPrompt what="see and manage the writers and publications you muted" />
        ) : (
          <>
            <p className="customize-intro muted">Stories by muted writers and publications don't appear on your homepage or in your digests.</p>
            <section aria-labelledby="muted-writers" className="social-section">
              <h2 id="muted-writers" className="social-section-heading">
                Writers
              </h2>
              {(viewer.mutedUsers?.users.length ?? 0) === 0 ? <EmptyList>You haven't muted any writers.</EmptyList> : null}
              <PagedSocialList
                first={listPage(viewer.mutedUsers?.users, viewer.mutedUsers?.pagingInfo) ?? NO_ITEMS}
                document={MutedUsersPageQuery}
                pageOf={(d) => listPage(d.viewer?.mutedUsers?.users, d.viewer?.mutedUsers?.pagingInfo)}
                render={(user: SocialUser) => <UserRow key={user.id} user={user} action="unmute" />}
              />
            </section>
            <section aria-labelledby="muted-publications" className="social-section">
              <h2 id="muted-publications" className="social-section-heading">
                Publications
              </h2>
              {(viewer.mutedCollections?.collections.length ?? 0) === 0 ? <EmptyList>You haven't muted any publications.</EmptyList> : null}
              <PagedSocialList
                first={listPage(viewer.mutedCollections?.collections, viewer.mutedCollections?.pagingInfo) ?? NO_ITEMS}
                document={MutedCollectionsPageQuery}
                pageOf={(d) => listPage(d.viewer?.mutedCollections?.collections, d.viewer?.mutedCollections?.pagingInfo)}
                render={(collection: SocialCollection) => <CollectionRow key={collection.id} collection={collection} action="unmute" />}
              />
            </section>
          </>
        )}
      </CustomizeFrame>
    );
  },
};
