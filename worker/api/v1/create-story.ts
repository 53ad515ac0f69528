// Creating a post through the /v1 API (docs/adr/0082-integration-tokens-and-v1.md), with the body the Medium
// API's clients send: title, contentFormat (html | markdown), content, tags, canonicalUrl,
// publishStatus (public | draft | unlisted), license (all-rights-reserved, cc-40-by, …, cc-40-zero,
// public-domain: shared/stories/license.ts). The content becomes structured content through the
// same importer as a writer's uploaded file (worker/stories/import/), held to the same content
// rules as every save; nothing of it is stored as HTML.
import type { Env } from '../../env.ts';
import { countWords, readingTimeMinutes, type Paragraph } from '../../../shared/content.ts';
import { slugify } from '../../../shared/format.ts';
import { importStory, NothingToImportError } from '../../stories/import/import-story.ts';
import { StoryContentError } from '../../../shared/editor/story-content-rules.ts';
import type { PageSubject } from '../../context/changes.ts';
import { consequencesFor } from '../../consequences/consequences.ts';
import { eq } from 'drizzle-orm';
import { newId } from '../../lib/ids.ts';
import { orm } from '../../db/orm.ts';
import { collections, users } from '../../db/schema.ts';
import { canonicalStoryUrl } from '../../host/canonical-urls.ts';
import { oneLine } from '../../../shared/user-text.ts';
import { apiLicense, DEFAULT_POST_LICENSE, LICENSE_FACTS, licenseFromApi, POST_LICENSES, type PostLicense } from '../../../shared/stories/license.ts';

export const MAX_TITLE_LENGTH = 100;
export const MAX_TAGS = 5;
export const MAX_TAG_LENGTH = 25;
export const PUBLISH_STATUSES = ['public', 'draft', 'unlisted'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export interface CreateStoryInput {
  title: string;
  contentFormat: 'html' | 'markdown';
  content: string;
  tags: string[];
  canonicalUrl: string | null;
  publishStatus: PublishStatus;
  license: PostLicense;
}

/** The body, checked; or what is wrong with it (the API answers 400 with it). */
export function readCreateStoryBody(body: unknown): CreateStoryInput | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'The body must be a JSON object.';
  const b = body as Record<string, unknown>;
  if (typeof b.title !== 'string' || !oneLine(b.title)) return 'title is required.';
  if (oneLine(b.title).length > MAX_TITLE_LENGTH) return `title is at most ${MAX_TITLE_LENGTH} characters.`;
  if (b.contentFormat !== 'html' && b.contentFormat !== 'markdown') return 'contentFormat must be "html" or "markdown".';
  if (typeof b.content !== 'string' || !b.content.trim()) return 'content is required.';
  const tags = b.tags ?? [];
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) return 'tags must be a list of strings.';
  if (tags.length > MAX_TAGS) return `At most ${MAX_TAGS} tags.`;
  if (tags.some((t: string) => !t.trim() || t.length > MAX_TAG_LENGTH)) return `A tag is 1 to ${MAX_TAG_LENGTH} characters.`;
  let canonicalUrl: string | null = null;
  if (b.canonicalUrl !== undefined && b.canonicalUrl !== null && b.canonicalUrl !== '') {
    if (typeof b.canonicalUrl !== 'string') return 'canonicalUrl must be a URL.';
    try {
      const url = new URL(b.canonicalUrl);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'canonicalUrl must be an http(s) URL.';
      canonicalUrl = url.href;
    } catch {
      return 'canonicalUrl must be a URL.';
    }
  }
  const publishStatus = b.publishStatus ?? 'public';
  if (typeof publishStatus !== 'string' || !(PUBLISH_STATUSES as readonly string[]).includes(publishStatus)) return 'publishStatus must be "public", "draft" or "unlisted".';
  let license = DEFAULT_POST_LICENSE;
  if (b.license !== undefined && b.license !== null && b.license !== '') {
    const named = typeof b.license === 'string' ? licenseFromApi(b.license) : null;
    if (!named) return `license must be one of ${POST_LICENSES.map(apiLicense).join(', ')}.`;
    license = named;
  }
  return {
    title: oneLine(b.title),
    contentFormat: b.contentFormat,
    content: b.content,
    tags: [...new Set((tags as string[]).map((t) => t.trim()))],
    canonicalUrl,
    publishStatus: publishStatus as PublishStatus,
    license,
  };
}

export interface CreatedStory {
  id: string;
  title: string;
  authorId: string;
  tags: string[];
  url: string;
  canonicalUrl: string | null;
  publishStatus: PublishStatus;
  publishedAt: number | null;
  license: string;
  licenseUrl: string;
  publicationId?: string;
}

export type CreateStoryOutcome = { kind: 'created'; post: CreatedStory } | { kind: 'invalid'; message: string };

export async function createApiStory(
  env: Env,
  author: { id: string; username: string },
  input: CreateStoryInput,
  options: { publicationId: string | null; now: number },
): Promise<CreateStoryOutcome> {
  let paragraphs: Paragraph[];
  try {
    paragraphs = (await importStory(input.contentFormat, input.content, { firstHeadingIsTitle: false })).content.paragraphs;
  } catch (error) {
    if (error instanceof NothingToImportError) return { kind: 'invalid', message: 'content has no text.' };
    if (error instanceof StoryContentError) return { kind: 'invalid', message: error.message };
    throw error;
  }
  if (paragraphs.length === 0) return { kind: 'invalid', message: 'content has no text.' };
  const { now } = options;
  const id = newId();
  const published = input.publishStatus !== 'draft';
  const words = countWords(paragraphs);
  const slug = slugify(input.title);
  const tags = input.tags.map((t) => ({ slug: slugify(t), title: t })).filter((t) => t.slug);
  const db = env.DB;
  const statements = [
    db
      .prepare(
        `INSERT INTO posts (id, creator_id, collection_id, title, slug, status, visibility, content, word_count, image_count, reading_time, created_at, updated_at, first_published_at, latest_published_at, license)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        author.id,
        options.publicationId,
        input.title,
        slug,
        published ? 'PUBLISHED' : 'DRAFT',
        input.publishStatus === 'unlisted' ? 'UNLISTED' : 'PUBLIC',
        JSON.stringify({ paragraphs }),
        words,
        readingTimeMinutes(paragraphs, words),
        now,
        now,
        published ? now : null,
        published ? now : null,
        input.license,
      ),
    ...(input.canonicalUrl ? [db.prepare('INSERT INTO post_canonical_urls (post_id, url) VALUES (?, ?)').bind(id, input.canonicalUrl)] : []),
    ...tags.flatMap((tag, position) => [
      db.prepare('INSERT INTO tags (id, slug, display_title) VALUES (?, ?, ?) ON CONFLICT (slug) DO NOTHING').bind(newId(), tag.slug, tag.title),
      db.prepare('INSERT INTO post_tags (post_id, tag_slug, position, published_at) VALUES (?, ?, ?, ?)').bind(id, tag.slug, position, published ? now : null),
      db
        .prepare("UPDATE tags SET post_count = (SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_slug = ? AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL) WHERE slug = ?")
        .bind(tag.slug, tag.slug),
    ]),
  ];
  await db.batch(statements);
  // The next search finds it (docs/search.md, "Indexing on write"); a draft stays out.
  const pages: PageSubject[] = published
    ? [{ kind: 'home' }, { kind: 'profile', id: author.id }, ...tags.map((t): PageSubject => ({ kind: 'topic', slug: t.slug })), ...(options.publicationId ? [{ kind: 'publication', id: options.publicationId } as const] : [])]
    : [];
  await consequencesFor(env).record({ records: [{ kind: 'story', id }], pages });
  // The address follows the one rule (docs/adr/0047-one-address-rule.md).
  const q = orm(db);
  const [creator] = await q
    .select({ username: users.username, hasSubdomain: users.hasSubdomain, customDomain: users.customDomain, customDomainState: users.customDomainState })
    .from(users)
    .where(eq(users.id, author.id));
  const [collection] = options.publicationId
    ? await q
        .select({ id: collections.id, slug: collections.slug, domain: collections.domain, customDomainState: collections.customDomainState })
        .from(collections)
        .where(eq(collections.id, options.publicationId))
    : [];
  return {
    kind: 'created',
    post: {
      id,
      title: input.title,
      authorId: author.id,
      tags: tags.map((t) => t.slug),
      url: canonicalStoryUrl(env, creator ?? { username: author.username, hasSubdomain: false, customDomain: null, customDomainState: 'NONE' }, collection ?? null, { slug, id }),
      canonicalUrl: input.canonicalUrl,
      publishStatus: input.publishStatus,
      publishedAt: published ? now : null,
      license: apiLicense(input.license),
      licenseUrl: LICENSE_FACTS[input.license].url,
      ...(options.publicationId ? { publicationId: options.publicationId } : {}),
    },
  };
}
