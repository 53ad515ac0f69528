// Page mission-control (/me/missioncontrol; docs/adr/0166-mission-control.md): the writer's desk.
// One screen with what waits for them — their latest drafts to finish, the publications they
// publish or submit to (editors see their submissions) — and the way to every tool they run:
// stories, stats, audience, notifications, partner program, settings. It adds no numbers of its
// own: each tool keeps its figures on its own page, so they never disagree.
import type { PageDefinition } from '../app/page-definition.ts';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { postEditUrl } from '../../shared/urls/story-urls.ts';
import { collectionSubmissionsUrl, collectionUrl } from '../../shared/urls/publication-urls.ts';
import { MISSION_CONTROL_DRAFTS, MissionControlPageQuery, type MissionControlPageData } from './MissionControlPage.graphql.ts';

export const missionControlPage: PageDefinition<MissionControlPageData> = {
  query: () => ({ query: MissionControlPageQuery, variables: { drafts: { limit: MISSION_CONTROL_DRAFTS } } }),
  title: (_data, state) => `Mission control – ${state.config.productName}`,
  Component: function MissionControl({ data }) {
    const ctx = useLinkContext();
    const viewer = data.viewer;
    if (!viewer) return null;
    const drafts = viewer.drafts?.posts ?? [];
    const publications = viewer.writablePublications ?? [];
    const tools: [label: string, href: string][] = [
      ['Your stories', buildLink('ShowYourStoriesIndex', {}, ctx)],
      ['Stats', buildLink('ShowStats', {}, ctx)],
      ['Audience', buildLink('ShowUserAudience', { username: viewer.username }, ctx)],
      ['Notifications', buildLink('ShowYourNotifications', {}, ctx)],
      ['Partner Program', buildLink('ShowPartnerDashboard', {}, ctx)],
      ['Settings', buildLink('ShowSettings', {}, ctx)],
    ];
    return (
      <div className="mission-control" data-testid="mission-control">
        <h1>Mission control</h1>
        <p className="muted">Everything you write and run, in one place.</p>
        <section aria-labelledby="mission-control-drafts">
          <h2 id="mission-control-drafts">Drafts to finish</h2>
          {drafts.length === 0 ? (
            <p className="muted">No drafts waiting. <Link href={buildLink('ShowNewPost', {}, ctx)}>Write a story</Link></p>
          ) : (
            <ul className="mission-control-list">
              {drafts.map((post) => (
                <li key={post.id}>
                  <a href={postEditUrl(post.id, ctx)}>{post.title || 'Untitled story'}</a>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link href={buildLink('ShowYourStories', { filterBy: 'drafts' }, ctx)}>All drafts</Link>
          </p>
        </section>
        <section aria-labelledby="mission-control-publications">
          <h2 id="mission-control-publications">Your publications</h2>
          {publications.length === 0 ? (
            <p className="muted">You don't write for a publication yet. <Link href={buildLink('ShowNewCollection', {}, ctx)}>Start one</Link></p>
          ) : (
            <ul className="mission-control-list">
              {publications.map(({ collection, canPublish }) => (
                <li key={collection.id}>
                  <a href={collectionUrl(collection, ctx)}>{collection.name}</a>
                  {canPublish ? (
                    <>
                      {' · '}
                      <a href={collectionSubmissionsUrl(collection, ctx)}>Submissions</a>
                    </>
                  ) : (
                    <span className="muted"> · you submit stories</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <nav aria-label="Your tools" className="mission-control-tools">
          <h2>Your tools</h2>
          <ul className="mission-control-list">
            {tools.map(([label, href]) => (
              <li key={label}>
                <Link href={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    );
  },
};
