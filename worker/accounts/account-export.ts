// "Download my data" (docs/product/3-routes-data-calls-constants.md §2.6;
// docs/adr/0085-download-my-data.md): a ZIP archive of everything a reader made here — profile, every
// story (structured content as JSON and the same story as Markdown), lists and their items —
// built on request, kept in R2 for a week, fetched only by its owner (GET and POST /me/export,
// worker/endpoints/account-export.ts).
import type { D1Database, R2ObjectBody } from '@cloudflare/workers-types';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { StoryContent } from '../../shared/content.ts';
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';
import { storyPath } from '../../shared/urls/story-urls.ts';
import { mainOrigin, type Env } from '../env.ts';
import { hex } from '../lib/ids.ts';
import { storyMarkdown } from './story-markdown.ts';

export const EXPORT_PATH = '/me/export';
/** How long an archive is offered. */
export const EXPORT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A reader who asks again within this time gets the archive just made (building one reads every story). */
export const EXPORT_REUSE_MS = 10 * 60 * 1000;
/** The archive's bound before compression: past it the reader is told, nothing is stored. */
export const EXPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Stories read per query while building (D1 answers are held in memory). */
const STORY_PAGE = 200;

/** Where an archive lives in the images bucket (image ids can never have this shape). */
export const r2Key = (id: string) => `exports/${id}.zip`;

interface StoryRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  status: string;
  visibility: string;
  content: string;
  collection_id: string | null;
  collection_slug: string | null;
  in_response_to_post_id: string | null;
  created_at: number;
  updated_at: number;
  first_published_at: number | null;
  deleted_at: number | null;
}

export class ExportTooLarge extends Error {}

/** A file name part from a slug: letters, digits and dashes only (nothing can climb out of stories/). */
const fileSafe = (text: string) => text.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '').slice(0, 80);

/** The archive's files for a user, or ExportTooLarge. */
export async function buildArchive(db: D1Database, env: Pick<Env, 'MAIN_HOST'>, userId: string, now: number): Promise<{ zip: Uint8Array; storyCount: number }> {
  const origin = mainOrigin(env);
  const user = await db
    .prepare('SELECT id, username, name, bio, email, image_id, custom_domain, created_at FROM users WHERE id = ? AND deleted_at IS NULL')
    .bind(userId)
    .first<{ id: string; username: string; name: string; bio: string; email: string | null; image_id: string | null; custom_domain: string | null; created_at: number }>();
  if (!user) throw new Error('no such account');
  const files: Zippable = {};
  let total = 0;
  const put = (path: string, text: string) => {
    const bytes = strToU8(text);
    total += bytes.byteLength;
    if (total > EXPORT_MAX_BYTES) throw new ExportTooLarge();
    files[path] = bytes;
  };
  const image = (id: string) => imageUrl(id, { strategy: 'resample', width: 1400, origin: origin + LOCAL_IMAGE_ORIGIN });

  put(
    'profile.json',
    JSON.stringify(
      {
        id: user.id,
        username: user.username,
        name: user.name,
        bio: user.bio,
        email: user.email,
        imageUrl: user.image_id ? image(user.image_id) : null,
        customDomain: user.custom_domain,
        profileUrl: `${origin}/@${user.username}`,
        createdAt: new Date(user.created_at).toISOString(),
        exportedAt: new Date(now).toISOString(),
      },
      null,
      2,
    ),
  );

  let storyCount = 0;
  const index: object[] = [];
  for (let offset = 0; ; offset += STORY_PAGE) {
    const { results } = await db
      .prepare(
        `SELECT p.id, p.slug, p.title, p.subtitle, p.status, p.visibility, p.content, c.id AS collection_id, c.slug AS collection_slug, p.in_response_to_post_id,
                p.created_at, p.updated_at, p.first_published_at, p.deleted_at
           FROM posts p LEFT JOIN collections c ON c.id = p.collection_id
          WHERE p.creator_id = ? ORDER BY p.created_at, p.id LIMIT ? OFFSET ?`,
      )
      .bind(userId, STORY_PAGE, offset)
      .all<StoryRow>();
    for (const row of results) {
      let content: StoryContent;
      try {
        content = JSON.parse(row.content) as StoryContent;
      } catch {
        content = { paragraphs: [] };
      }
      const base = `stories/${fileSafe(row.slug) || 'story'}-${row.id}`;
      const meta = {
        id: row.id,
        title: row.title,
        subtitle: row.subtitle,
        status: row.status,
        visibility: row.visibility,
        isResponse: row.in_response_to_post_id !== null,
        inTrash: row.deleted_at !== null,
        url: row.status === 'PUBLISHED' ? origin + storyPath({ id: row.id, slug: row.slug, creator: { username: user.username }, collection: row.collection_id && row.collection_slug ? { id: row.collection_id, slug: row.collection_slug } : null }) : null,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
        firstPublishedAt: row.first_published_at ? new Date(row.first_published_at).toISOString() : null,
      };
      put(`${base}.json`, JSON.stringify({ ...meta, content }, null, 2));
      put(`${base}.md`, storyMarkdown({ title: row.title, subtitle: row.subtitle, content }, image));
      index.push({ ...meta, files: [`${base}.json`, `${base}.md`] });
      storyCount++;
    }
    if (results.length < STORY_PAGE) break;
  }
  put('stories/index.json', JSON.stringify(index, null, 2));

  const { results: lists } = await db
    .prepare('SELECT id, name, description, type, predefined, visibility, created_at FROM catalogs WHERE creator_id = ? ORDER BY created_at')
    .bind(userId)
    .all<{ id: string; name: string; description: string; type: string; predefined: string | null; visibility: string; created_at: number }>();
  const { results: items } = await db
    .prepare(
      `SELECT i.catalog_id, i.post_id, i.note, i.created_at, p.title FROM catalog_items i JOIN catalogs c ON c.id = i.catalog_id
         LEFT JOIN posts p ON p.id = i.post_id WHERE c.creator_id = ? ORDER BY i.created_at`,
    )
    .bind(userId)
    .all<{ catalog_id: string; post_id: string; note: string; created_at: number; title: string | null }>();
  put(
    'lists.json',
    JSON.stringify(
      lists.map((list) => ({
        id: list.id,
        name: list.name,
        description: list.description,
        predefined: list.predefined,
        visibility: list.visibility,
        createdAt: new Date(list.created_at).toISOString(),
        items: items
          .filter((item) => item.catalog_id === list.id)
          .map((item) => ({ postId: item.post_id, title: item.title ?? '', url: `${origin}/p/${item.post_id}`, note: item.note, addedAt: new Date(item.created_at).toISOString() })),
      })),
      null,
      2,
    ),
  );
  put(
    'README.txt',
    `Your data from ${origin}, exported ${new Date(now).toISOString()}.\n\n` +
      'profile.json       your profile\n' +
      'stories/*.json     each story as structured content (paragraphs and markups), with its dates and address\n' +
      'stories/*.md       the same story as Markdown\n' +
      'stories/index.json every story, listed\n' +
      'lists.json         your lists and the stories in them\n',
  );
  return { zip: zipSync(files, { level: 6, mtime: new Date(now) }), storyCount };
}

export interface ExportSummary {
  id: string;
  url: string;
  byteSize: number;
  storyCount: number;
  expiresAt: number;
}

/** Builds and keeps a new archive, or answers one made in the last EXPORT_REUSE_MS. */
export async function createExport(env: Env, userId: string, now: number): Promise<ExportSummary> {
  const recent = await env.DB.prepare('SELECT id, byte_size, story_count, expires_at FROM account_exports WHERE user_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1')
    .bind(userId, now - EXPORT_REUSE_MS)
    .first<{ id: string; byte_size: number; story_count: number; expires_at: number }>();
  if (recent) return { id: recent.id, url: `${EXPORT_PATH}/${recent.id}`, byteSize: recent.byte_size, storyCount: recent.story_count, expiresAt: recent.expires_at };
  const { zip, storyCount } = await buildArchive(env.DB, env, userId, now);
  return storeArchive(env, userId, zip, storyCount, now);
}

/**
 * Keeps an archive for its owner for EXPORT_LIFETIME_MS, downloadable at /me/export/{id} (the
 * account's data, or a writer's mailed subscriber list: worker/newsletters/subscriber-export-mail.ts).
 */
export async function storeArchive(env: Env, userId: string, zip: Uint8Array, storyCount: number, now: number): Promise<ExportSummary> {
  // 128 random bits: the id is in the download's address, but the owner check is what guards it.
  const id = hex(crypto.getRandomValues(new Uint8Array(16)));
  const expiresAt = now + EXPORT_LIFETIME_MS;
  // The bytes first: a row never points at a missing archive.
  await env.IMAGES.put(r2Key(id), zip, { httpMetadata: { contentType: 'application/zip' } });
  await env.DB.prepare('INSERT INTO account_exports (id, user_id, byte_size, story_count, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(id, userId, zip.byteLength, storyCount, now, expiresAt)
    .run();
  return { id, url: `${EXPORT_PATH}/${id}`, byteSize: zip.byteLength, storyCount, expiresAt };
}

/**
 * The owner's archive to download, with the time it was made; null for someone else's, an
 * expired one or none (the ordinary 404 page then reveals nothing).
 */
export async function ownArchive(env: Env, userId: string, id: string, now: number): Promise<{ object: R2ObjectBody; createdAt: number } | null> {
  const row = await env.DB.prepare('SELECT user_id, expires_at, created_at FROM account_exports WHERE id = ?').bind(id).first<{ user_id: string; expires_at: number; created_at: number }>();
  if (!row || row.user_id !== userId || row.expires_at <= now) return null;
  const object = await env.IMAGES.get(r2Key(id));
  return object ? { object, createdAt: row.created_at } : null;
}
