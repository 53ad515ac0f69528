// The logged-out home (page home-lo): a hero, "Trending on {product}", topics to explore
// and the latest stories. It is edge-cached and shared by every visitor, so nothing here
// depends on a viewer.
//
// Trending = the stories published in the last 30 days with the most claps, topped up with
// the most clapped stories of all time when fewer appeared (Query.trendingPosts). Topics = the tags with the most stories, each a
// link to /tag/{slug}.
import { formatDate, formatReadingTime } from '../../shared/format.ts';
import type { ResultOf } from '../app/graphql.ts';
import { HomeLoPageQuery, type HomeLoPageData, type TrendingItem_post } from './HomeLoPage.graphql.ts';
import { Link } from '../app/navigation.tsx';
import { useAppState } from '../app/app-state.tsx';
import { profileHref, storyHref } from '../app/hrefs.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { Avatar } from '../components/Avatar.tsx';
import { MemberStar } from '../components/MemberStar.tsx';
import { StoryCard } from '../components/StoryCard.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { homeHead } from './page-heads.ts';
import { useGiftMembershipHash } from './use-gift-membership-hash.ts';

function TrendingItem({ post, rank }: { post: ResultOf<typeof TrendingItem_post>; rank: number }) {
  const date = post.firstPublishedAt ?? post.latestPublishedAt;
  const ctx = useLinkContext();
  return (
    <li className="trending-item" data-post-id={post.id}>
      <span className="trending-rank" aria-hidden="true">
        {String(rank).padStart(2, '0')}
      </span>
      <div className="trending-text">
        <Link href={profileHref(post.creator, ctx)} className="trending-writer" preloadCodeInView>
          <Avatar name={post.creator.name} imageId={post.creator.imageId} size={20} />
          <span>{post.creator.name}</span>
        </Link>
        <Link href={storyHref(post, ctx)} className="trending-title" preloadCodeInView>
          {post.title}
        </Link>
        <div className="trending-meta muted">
          {post.isLocked ? <MemberStar creatorId={post.creator.id} /> : null}
          {date ? <span>{formatDate(date)}</span> : null}
          <span aria-hidden="true">·</span>
          <span>{formatReadingTime(post.readingTime)}</span>
        </div>
      </div>
    </li>
  );
}

export const homeLoPage: PageDefinition<HomeLoPageData> = {
  query: () => ({ query: HomeLoPageQuery, variables: { paging: { limit: 25 } } }),
  title: (_data, state) => `${state.config.productName} – Where good ideas find you.`,
  head: (_data, state) => homeHead(state),
  Component: function HomeLo({ data }) {
    useGiftMembershipHash();
    const { productName } = useAppState().config;
    return (
      <>
        <section className="home-hero">
          <h1>Human stories &amp; ideas</h1>
          <p>A place to read, write, and deepen your understanding.</p>
          <a className="button button-dark button-large" href="/m/signin?operation=register">
            Start reading
          </a>
        </section>
        {data.trendingPosts.length > 0 ? (
          <section className="trending" aria-labelledby="trending-heading">
            <h2 id="trending-heading" className="section-heading">
              Trending on {productName}
            </h2>
            <ol className="trending-list">
              {data.trendingPosts.map((post, index) => (
                <TrendingItem key={post.id} post={post} rank={index + 1} />
              ))}
            </ol>
          </section>
        ) : null}
        {data.homeTopics.length > 0 ? (
          <section className="home-lo-topics" aria-labelledby="home-lo-topics-heading">
            <h2 id="home-lo-topics-heading" className="section-heading">
              Discover more of what matters to you
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
            <a className="sidebar-more" href="/explore-topics">
              See more topics
            </a>
          </section>
        ) : null}
        <section className="home-feed" aria-label="Latest stories">
          {data.homeFeed.items.map(({ post }) => (
            <StoryCard key={post.id} post={post} />
          ))}
        </section>
      </>
    );
  },
};
