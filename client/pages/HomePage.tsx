// The logged-in home (page home, two-column layout;
// docs/product/2-sign-in-notices-cache-routing.md §2.3: "A logged-in viewer sees the home page").
// Two tabs:
//   For you    stories from followed writers, publications and topics, ranked first for a
//              week after they appear, with the latest stories filling in around them,
//              minus muted writers and publications (homeFeed mode FOR_YOU; the ranking is
//              documented in worker/stories/followed-feeds.ts).
//   Following  only stories from follows, newest first, minus mutes (mode FOLLOWING).
// The first page of For you is server-rendered; the Following tab loads when opened; both
// page on as the reader scrolls (HomeFeed.tsx). Logged-in pages are never edge-cached, so
// the viewer-specific feed is safe in the server's HTML.
import { useState } from 'react';
import { Link } from '../app/navigation.tsx';
import { mePageUrl } from '../../shared/urls/me-urls.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { HomeFeedPageQuery, type HomeFeedPageData } from './HomePage.graphql.ts';
import { CollectionRow, UserRow } from '../components/follow/SocialRows.tsx';
import { HOME_FEED_PAGE_SIZE, HomeFeed, type HomeFeedMode } from './HomeFeed.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { homeHead } from './page-heads.ts';
import { useGiftMembershipHash } from './use-gift-membership-hash.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { track } from '../events/event-queue.ts';

const TABS: { mode: HomeFeedMode; label: string }[] = [
  { mode: 'FOR_YOU', label: 'For you' },
  { mode: 'FOLLOWING', label: 'Following' },
];

export const homePage: PageDefinition<HomeFeedPageData> = {
  query: () => ({ query: HomeFeedPageQuery, variables: { paging: { limit: HOME_FEED_PAGE_SIZE } } }),
  title: (_data, state) => `${state.config.productName}`,
  head: (_data, state) => homeHead(state),
  Component: function Home({ data }) {
    useGiftMembershipHash();
    const ctx = useLinkContext();
    const [tab, setTab] = useState<HomeFeedMode>('FOR_YOU');
    // A tab keeps its loaded pages when the reader switches back to it.
    const [opened, setOpened] = useState<Set<HomeFeedMode>>(() => new Set(['FOR_YOU']));
    const open = (mode: HomeFeedMode) => {
      setTab(mode);
      setOpened((current) => new Set(current).add(mode));
    };
    return (
      <div className="home-page">
        <div className="home-tabs" role="tablist" aria-label="Home feeds">
          {TABS.map(({ mode, label }) => (
            <button
              key={mode}
              type="button"
              role="tab"
              id={`home-tab-${mode}`}
              aria-selected={tab === mode}
              aria-controls={`home-panel-${mode}`}
              className={`home-tab${tab === mode ? ' is-active' : ''}`}
              onClick={() => open(mode)}
            >
              {label}
            </button>
          ))}
        </div>
        {TABS.filter(({ mode }) => opened.has(mode)).map(({ mode }) => (
          <div key={mode} role="tabpanel" id={`home-panel-${mode}`} aria-labelledby={`home-tab-${mode}`} hidden={tab !== mode}>
            <HomeFeed
              mode={mode}
              {...(mode === 'FOR_YOU' ? { firstPage: data.homeFeed } : {})}
              empty={
                mode === 'FOLLOWING' ? (
                  <>
                    <p>Stories from the writers, publications and topics you follow will show up here.</p>
                    <Link href={mePageUrl('followingSuggestions', ctx)} className="button button-dark">
                      Find writers to follow
                    </Link>
                  </>
                ) : (
                  <p>No stories yet. Check back soon.</p>
                )
              }
            />
          </div>
        ))}
      </div>
    );
  },
  Sidebar: function HomeSidebar({ data }) {
    const ctx = useLinkContext();
    const { users, collections } = data.followSuggestions;
    return (
      <div className="home-sidebar">
        {users.length + collections.length > 0 ? (
          <section aria-labelledby="home-who-to-follow">
            <h2 id="home-who-to-follow" className="sidebar-heading">
              Who to follow
            </h2>
            <ul className="social-list social-list--compact">
              {users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
              {collections.slice(0, 2).map((collection) => (
                <CollectionRow key={collection.id} collection={collection} />
              ))}
            </ul>
            <Link href={mePageUrl('followingSuggestions', ctx)} className="sidebar-more">
              See more suggestions
            </Link>
          </section>
        ) : null}
        {data.homeTopics.length > 0 ? (
          <section aria-labelledby="home-topics">
            <h2 id="home-topics" className="sidebar-heading">
              Recommended topics
            </h2>
            <ul className="topic-chips">
              {data.homeTopics.map((topic) => (
                <li key={topic.id}>
                  <a className="topic-chip" href={`/tag/${encodeURIComponent(topic.slug)}`}>
                    {topic.displayTitle}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <Link href={mePageUrl('following', ctx)} className="sidebar-more">
          Refine recommendations
        </Link>
        <HomeFooter />
      </div>
    );
  },
};

/**
 * The small footer of the home's sidebar: the site's own pages (the avatar menu holds the
 * viewer's). About is reported as homepage.footer.aboutClicked
 * (docs/product/1-product-screens-membership-header-search.md §7).
 */
function HomeFooter() {
  const ctx = useLinkContext();
  return (
    <nav className="sidebar-footer" aria-label="About this site" data-testid="home-footer">
      <a href={buildLink('ShowHelp', {}, ctx)}>Help</a>
      <a href={buildLink('ShowLandingAbout', {}, ctx)} onClick={() => track('homepage.footer.aboutClicked')}>
        About
      </a>
      <a href={buildLink('ShowJobs', {}, ctx)}>Careers</a>
      <a href={buildLink('ShowTermsOfService', {}, ctx) + '#privacy'}>Privacy</a>
      <a href={buildLink('ShowTermsOfService', {}, ctx)}>Terms</a>
    </nav>
  );
}
