import type { HomePageData } from '../graphql/types.ts';
import { HomePageQuery } from '../graphql/queries.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import type { PageDefinition } from './page-definition.ts';
import { useGiftMembershipHash } from './use-gift-membership-hash.ts';

/** The logged-out home page: a hero and the latest stories. */
export const homeLoPage: PageDefinition<HomePageData> = {
  query: () => ({ query: HomePageQuery, variables: { paging: { limit: 25 } } }),
  title: (_data, state) => `${state.config.productName} – Where good ideas find you.`,
  Component: function HomeLo({ data }) {
    useGiftMembershipHash();
    return (
      <>
        <section className="home-hero">
          <h1>Human stories &amp; ideas</h1>
          <p>A place to read, write, and deepen your understanding.</p>
          <a className="button button-dark button-large" href="/m/signin?operation=register">
            Start reading
          </a>
        </section>
        <section className="home-feed" aria-label="Latest stories">
          {data.homeFeed.items.map(({ post }) => (
            <StoryCard key={post.id} post={post} />
          ))}
        </section>
      </>
    );
  },
};
