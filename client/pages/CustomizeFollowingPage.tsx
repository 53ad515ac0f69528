// customize-following (/me/following, /me/following/{entityName}, /me/following/topics):
// the writers, publications and topics the viewer follows, each with its Following button
// (a click unfollows at once, with the unfollow toast and Undo).
import { CustomizeFollowingQuery, FollowedCollectionsPageQuery, FollowedTagsPageQuery, FollowedUsersPageQuery, type CustomizeFollowingData } from './CustomizeFollowingPage.graphql.ts';
import type { SocialCollection, SocialTag, SocialUser } from '../components/follow/SocialRows.graphql.ts';
import { listPage, NO_ITEMS, PagedSocialList } from './PagedSocialList.tsx';
import { CollectionRow, TagRow, UserRow } from '../components/follow/SocialRows.tsx';
import { CustomizeFrame, CustomizeSignInPrompt, EmptyList } from './CustomizeLayout.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

/** Each list's page size; "Show more" pages on (newest follows first). */
export const CUSTOMIZE_LIST_LIMIT = 50;

export const customizeFollowingPage: PageDefinition<CustomizeFollowingData> = {
  query: () => ({ query: CustomizeFollowingQuery, variables: { paging: { limit: CUSTOMIZE_LIST_LIMIT } } }),
  title: (_data, state) => `Following – ${state.config.productName}`,
  Component: function CustomizeFollowing({ data, params }) {
    const viewer = data.viewer;
    return (
      <CustomizeFrame active="following">
        {!viewer ? (
          <CustomizeSignInPrompt what="see and manage who you follow" />
        ) : (
          <>
            {params.entityName === 'topics' ? null : (
              <>
                <section aria-labelledby="following-writers" className="social-section">
                  <h2 id="following-writers" className="social-section-heading">
                    Writers
                  </h2>
                  {(viewer.followedUsers?.users.length ?? 0) === 0 ? <EmptyList>You don't follow any writers yet.</EmptyList> : null}
                  <PagedSocialList
                    first={listPage(viewer.followedUsers?.users, viewer.followedUsers?.pagingInfo) ?? NO_ITEMS}
                    document={FollowedUsersPageQuery}
                    pageOf={(d) => listPage(d.viewer?.followedUsers?.users, d.viewer?.followedUsers?.pagingInfo)}
                    render={(user: SocialUser) => <UserRow key={user.id} user={user} />}
                  />
                </section>
                <section aria-labelledby="following-publications" className="social-section">
                  <h2 id="following-publications" className="social-section-heading">
                    Publications
                  </h2>
                  {(viewer.followedCollections?.collections.length ?? 0) === 0 ? <EmptyList>You don't follow any publications yet.</EmptyList> : null}
                  <PagedSocialList
                    first={listPage(viewer.followedCollections?.collections, viewer.followedCollections?.pagingInfo) ?? NO_ITEMS}
                    document={FollowedCollectionsPageQuery}
                    pageOf={(d) => listPage(d.viewer?.followedCollections?.collections, d.viewer?.followedCollections?.pagingInfo)}
                    render={(collection: SocialCollection) => <CollectionRow key={collection.id} collection={collection} />}
                  />
                </section>
              </>
            )}
            <section aria-labelledby="following-topics" className="social-section">
              <h2 id="following-topics" className="social-section-heading">
                Topics
              </h2>
              {(viewer.followedTags?.tags.length ?? 0) === 0 ? <EmptyList>You don't follow any topics yet.</EmptyList> : null}
              <PagedSocialList
                first={listPage(viewer.followedTags?.tags, viewer.followedTags?.pagingInfo) ?? NO_ITEMS}
                document={FollowedTagsPageQuery}
                pageOf={(d) => listPage(d.viewer?.followedTags?.tags, d.viewer?.followedTags?.pagingInfo)}
                render={(tag: SocialTag) => <TagRow key={tag.id} tag={tag} />}
              />
            </section>
          </>
        )}
      </CustomizeFrame>
    );
  },
};
