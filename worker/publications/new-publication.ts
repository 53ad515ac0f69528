// Founding a publication (issue 12 item 7; /new-publication: name, slug, tagline; the creator
// is its owner).
//
// A slug is what the publication's address starts with (/{slug}), so it may not be a word the
// site's own addresses start with (/me, /tag, /p, …) nor a reserved feed word
// (worker/host/feed-addresses.ts): data never shadows the site.
import { sql } from 'drizzle-orm';
import { DEFAULT_ROUTES } from '../../shared/routing/routes.ts';
import { orm } from '../db/orm.ts';
import { collectionMembers, collections, type CollectionRow } from '../db/schema.ts';
import { RESERVED_FEED_SEGMENTS } from '../host/feed-addresses.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { refusals, type AlreadyExists } from '../context/outcomes.ts';
import { refused, type PublicationRefusal } from './results.ts';
import { oneLine } from '../../shared/user-text.ts';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
const MAX_NAME = 100;
const MAX_TAGLINE = 160;

/** First segments of the site's own addresses (/me, /tag, /p, /new-story, …). */
const SITE_WORDS: ReadonlySet<string> = new Set(
  DEFAULT_ROUTES.map((r) => r.path.split('/')[1] ?? '').filter((segment) => segment !== '' && !segment.startsWith('{') && !segment.startsWith('@')),
);

export function publicationSlugProblem(slug: string): string | null {
  if (!SLUG.test(slug)) return 'A publication address is 3 to 40 lowercase letters, digits and hyphens.';
  if (SITE_WORDS.has(slug) || RESERVED_FEED_SEGMENTS.has(slug)) return `"${slug}" is taken by the site: choose another address.`;
  return null;
}

export interface NewPublication {
  name: string;
  slug: string;
  tagline?: string | null;
}

/** Makes a publication owned by the viewer; answers it. */
export async function createPublication(ctx: RequestContext, input: NewPublication): Promise<CollectionRow | null | PublicationRefusal | AlreadyExists> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('create a publication');
  const name = oneLine(input.name);
  const slug = input.slug.trim().toLowerCase();
  const tagline = oneLine(input.tagline ?? '');
  if (name === '' || name.length > MAX_NAME) return refused(`A publication needs a name of at most ${MAX_NAME} characters.`);
  if (tagline.length > MAX_TAGLINE) return refused(`A tagline is at most ${MAX_TAGLINE} characters.`);
  const problem = publicationSlugProblem(slug);
  if (problem) return refused(problem);
  const q = orm(ctx.db);
  const [taken] = await q.select({ id: collections.id }).from(collections).where(sql`${collections.slug} = ${slug} COLLATE NOCASE`);
  if (taken) return refusals.alreadyExists(`The address /${slug} is taken: choose another.`);
  const id = newId();
  try {
    await q.batch([
      q.insert(collections).values({ id, slug, name, description: tagline, creatorId: viewer.id, createdAt: ctx.now }),
      q.insert(collectionMembers).values({ collectionId: id, userId: viewer.id, role: 'OWNER', createdAt: ctx.now }),
    ]);
  } catch (error) {
    if (/UNIQUE/i.test(String((error as Error)?.message) + String((error as { cause?: unknown })?.cause ?? ''))) return refusals.alreadyExists(`The address /${slug} is taken: choose another.`);
    throw error;
  }
  return ctx.loaders.collectionById.load(id);
}
