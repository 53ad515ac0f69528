// GET /_api/newsletters/{newsletterV3Id}/posts (docs/product/3-routes-data-calls-constants.md
// §7.6; payload "not shown"): a publication newsletter's issues as JSON, newest first — the
// publication's stories it emailed, as /feed/{collectionSlug}/news lists them, for a client that
// shows a newsletter's archive without GraphQL. `?limit=` 1–25 (default 10). What the viewer may
// read only (newsletterIssues applies the one visibility rule); member-only issues are listed with
// isLocked and never their text. An unknown newsletter is a 404 with a message.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { resolveViewer } from '../session/viewer.ts';

export const NEWSLETTER_POSTS_MAX = 25;

const NEWSLETTER_POSTS_QUERY = /* GraphQL */ `
  query NewsletterPosts($id: ID!, $limit: Int) {
    publicationNewsletter(id: $id) {
      id
      name
      issues(limit: $limit) {
        id
        title
        subtitle
        mediumUrl
        firstPublishedAt
        readingTime
        isLocked
        creator {
          name
          username
        }
      }
    }
  }
`;

const answer = (body: unknown, status: number) => Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

export function mountNewsletterPosts(app: Hono<{ Bindings: Env }>): void {
  app.get('/_api/newsletters/:newsletterV3Id/posts', async (c) => {
    const id = c.req.param('newsletterV3Id');
    if (!/^[0-9a-z]{1,32}$/.test(id)) return answer({ message: 'This newsletter does not exist.', status: 404 }, 404);
    const url = new URL(c.req.url);
    const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > NEWSLETTER_POSTS_MAX) {
      return answer({ message: `limit must be between 1 and ${NEWSLETTER_POSTS_MAX}.`, status: 400 }, 400);
    }
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const result = await executeInProcess(NEWSLETTER_POSTS_QUERY, { id, limit }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
    if (result.errors?.length) throw new Error(`newsletter posts: ${result.errors.map((e) => e.message).join('; ')}`);
    const newsletter = (result.data as { publicationNewsletter: { id: string; name: string; issues: unknown[] } | null }).publicationNewsletter;
    if (!newsletter) return answer({ message: 'This newsletter does not exist.', status: 404 }, 404);
    return answer({ newsletterId: newsletter.id, name: newsletter.name, posts: newsletter.issues }, 200);
  });
}
