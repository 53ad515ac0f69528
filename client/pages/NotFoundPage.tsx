import { NotFoundPageQuery, type NotFoundPageData } from './NotFoundPage.graphql.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import { Link } from '../app/navigation.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

/**
 * The 404 page (docs/product/1-product-screens-membership-header-search.md §2.2): heading, a Home
 * link and up to four stories a lost reader may want: those matching words of the missing address
 * first, then popular ones (docs/adr/0138-stories-for-a-lost-reader.md).
 */
export const notFoundPage: PageDefinition<NotFoundPageData> = {
  query: (params) => ({ query: NotFoundPageQuery, variables: { path: params.path ?? '/' } }),
  status: () => 404,
  title: (_data, state) => `Page not found | ${state.config.productName}`,
  Component: function NotFound({ data }) {
    return (
      <div className="error-page">
        <p className="error-page-kicker">PAGE NOT FOUND</p>
        <h1 className="error-page-heading">Out of nothing, something.</h1>
        <p className="error-page-text">
          You can find (just about) anything on Vellum — apparently even a page that doesn’t exist. Maybe these stories
          will take you somewhere new?
        </p>
        <Link href="/" className="button button-outline">
          Home
        </Link>
        <section className="error-page-stories" aria-label="Sample stories">
          {data.lostReaderStories.map((post) => (
            <StoryCard key={post.id} post={post} />
          ))}
        </section>
      </div>
    );
  },
};
