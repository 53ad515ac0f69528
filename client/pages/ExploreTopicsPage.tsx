// Page explore-topics (/explore-topics, top-navigation layout). Decision: every topic with
// at least one story, as chips sorted by how many stories it holds (most first, ties by
// name), each with its count. The tags table has no grouping to show, and a sorted list
// puts the liveliest topics first, which is what a reader exploring wants.
import { ExploreTopicsPageQuery, type ExploreTopicsPageData } from './ExploreTopicsPage.graphql.ts';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { tagUrl } from '../../shared/urls/misc-urls.ts';
import { formatCount } from '../../shared/format.ts';
import type { PageDefinition } from '../app/page-definition.ts';

export const exploreTopicsPage: PageDefinition<ExploreTopicsPageData> = {
  query: () => ({ query: ExploreTopicsPageQuery, variables: {} }),
  title: (_data, state) => `Explore topics – ${state.config.productName}`,
  Component: function ExploreTopics({ data }) {
    const ctx = useLinkContext();
    return (
      <section className="explore-topics">
        <h1 className="explore-topics-title">Explore topics</h1>
        {data.exploreTopics.length === 0 ? <p className="profile-empty muted">No topics yet.</p> : null}
        <ul className="topic-chips">
          {data.exploreTopics.map((topic) => (
            <li key={topic.id}>
              <Link className="topic-chip" href={tagUrl(topic.slug, ctx)} data-tag-slug={topic.slug}>
                <span className="topic-chip-name">{topic.displayTitle}</span>
                <span className="topic-chip-count muted">{formatCount(topic.postCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  },
};
