// Seeds a test file's D1 with a small deterministic demo world (the same generator as
// `npm run seed`), and answers questions tests ask about it.
import { env } from 'cloudflare:workers';
import { generateWorld, worldToStatements, type World } from '../../../scripts/demo-world/index.ts';

export type { World };

/** Seeds a world whose present is the worker's clock, as `npm run seed` does. */
export async function seedDemoWorld(stories = 60, now = Date.now()): Promise<World> {
  const world = generateWorld({ stories, now });
  const statements = worldToStatements(world).map((s) => env.DB.prepare(s.sql).bind(...s.params));
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
  return world;
}

type Row = Record<string, unknown>;

export function rows(world: World, table: string): Row[] {
  return (world as unknown as Record<string, Row[]>)[table] ?? [];
}

/** A published, public, top-level story by a user whose account is in good standing. */
export function publicStory(world: World, predicate: (post: Row) => boolean = () => true): Row {
  const goodUsers = new Set(rows(world, 'users').filter((u) => !u.is_suspended && !u.deleted_at).map((u) => u.id));
  const post = rows(world, 'posts').find(
    (p) =>
      p.status === 'PUBLISHED' &&
      p.visibility === 'PUBLIC' &&
      !p.in_response_to_post_id &&
      !p.deleted_at &&
      !p.is_suspended &&
      goodUsers.has(p.creator_id) &&
      predicate(p),
  );
  if (!post) throw new Error('no public story in the demo world');
  return post;
}

export function userById(world: World, id: unknown): Row {
  const user = rows(world, 'users').find((u) => u.id === id);
  if (!user) throw new Error(`no user ${String(id)}`);
  return user;
}

export function userByUsername(world: World, username: string): Row {
  const user = rows(world, 'users').find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user;
}
