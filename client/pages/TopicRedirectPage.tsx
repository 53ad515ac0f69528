// Page legacy-topic-redirect (/topic/{topicSlug}, basic layout): old topic addresses. The
// page layer answers pages, not redirects, so this page names the topic's new address and
// sends the browser on to it at once (in place, replacing the old address in history).
// Without JavaScript the link is there to follow. An unknown topic is a 404.
import { useEffect } from 'react';
import { LegacyTopicPageQuery, type LegacyTopicPageData } from './TopicRedirectPage.graphql.ts';
import { Link, useNavigation } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { tagUrl } from '../../shared/urls/misc-urls.ts';
import { TagNotFound } from '../components/profiles/tag-parts.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

export const legacyTopicRedirectPage: PageDefinition<LegacyTopicPageData> = {
  query: (params) => ({ query: LegacyTopicPageQuery, variables: { topicSlug: params.topicSlug ?? '' } }),
  status: (data) => (data.topic ? 200 : 404),
  title: (data, state) => (data?.topic ? `${data.topic.displayTitle} – ${state.config.productName}` : state.config.productName),
  Component: function LegacyTopicRedirect({ data }) {
    const ctx = useLinkContext();
    const { navigate } = useNavigation();
    const href = data.topic ? tagUrl(data.topic.slug, ctx) : null;
    useEffect(() => {
      if (href) navigate(href, { replace: true });
    }, [href, navigate]);
    if (!data.topic || !href) return <TagNotFound />;
    return (
      <div className="topic-moved">
        <p>
          {data.topic.displayTitle} has moved to <Link href={href}>{href}</Link>.
        </p>
      </div>
    );
  },
};
