// GET /p/{postId}/state (docs/product/3-routes-data-calls-constants.md §7.6; payload "not
// shown"): what the viewer's story actions need to draw their current state, for a client that
// holds a story without GraphQL (an app, a reader's cached copy): the story's clap and response
// counts, whether it is member-only for this viewer, and the viewer's own claps and bookmark.
// The state of one viewer: never cached. An unknown, draft or hidden story is a 404, as its page.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { resolveViewer } from '../session/viewer.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';

const STORY_STATE_QUERY = /* GraphQL */ `
  query StoryState($id: ID!) {
    post(id: $id) {
      id
      clapCount
      responsesCount
      isLocked
      viewerEdge {
        clapCount
        isBookmarked
      }
    }
  }
`;

interface StoryState {
  post: { id: string; clapCount: number; responsesCount: number; isLocked: boolean; viewerEdge: { clapCount: number; isBookmarked: boolean } } | null;
}

const answer = (body: unknown, status: number) => Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

export function mountStoryState(app: Hono<{ Bindings: Env }>): void {
  app.get('/p/:postId/state', async (c) => {
    const id = postIdFromParam(c.req.param('postId'));
    if (!id) return answer({ message: 'This story does not exist.', status: 404 }, 404);
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const result = await executeInProcess(STORY_STATE_QUERY, { id }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
    if (result.errors?.length) throw new Error(`story state: ${result.errors.map((e) => e.message).join('; ')}`);
    const post = (result.data as unknown as StoryState).post;
    if (!post) return answer({ message: 'This story does not exist.', status: 404 }, 404);
    return answer(
      {
        postId: post.id,
        clapCount: post.clapCount,
        responsesCount: post.responsesCount,
        isLocked: post.isLocked,
        viewerClapCount: post.viewerEdge.clapCount,
        isBookmarked: post.viewerEdge.isBookmarked,
        isLoggedIn: viewer.user !== null,
      },
      200,
    );
  });
}
