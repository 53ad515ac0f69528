// Running a publication's site (issue 12 item 7; docs/publications.md): its identity
// (/{collectionSlug}/edit: name, tagline, avatar, logo, favicon; /settings/about: the long
// "about" text), its design (/design: header layout and colours), its navigation
// (/settings/navigation) and its feature pages (/settings/feature-pages, /new).
//
// Who may: the publication's owner and editors. To anyone else (writers included) every
// change answers NotFound and changes nothing, as the pages answer 404.
//
// Every change records that the publication's pages changed (its pages and the stories under
// it, whose masthead shows the design) and, when what search shows changed (name, tagline,
// avatar), its search record.
import type { D1Database } from '@cloudflare/workers-types';
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_ROUTES } from '../../shared/routing/routes.ts';
import { slugify } from '../../shared/format.ts';
import { writerLink } from '../../shared/editor/story-content-rules.ts';
import { orm } from '../db/orm.ts';
import {
  collectionDesigns,
  collectionFeaturePages,
  collectionNavItems,
  collections,
  uploadedImages,
  type CollectionDesignRow,
  type CollectionFeaturePageRow,
  type CollectionNavItemRow,
  type CollectionRow,
} from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import type { Page, PagingOptions } from '../context/paging.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { publicationTopicStories } from '../stories/story-lists.ts';
import { isEditorOf } from './members.ts';
import { publicationNotFound, refused, type PublicationRefusal } from './results.ts';
import { cleanText, oneLine } from '../../shared/user-text.ts';
import { accentProblem, backgroundProblem } from '../../shared/custom-style-sheet.ts';

export const MAX_NAME = 100;
export const MAX_TAGLINE = 160;
export const MAX_ABOUT = 2000;
export const MAX_NAV_ITEMS = 12;
export const MAX_NAV_TITLE = 40;
export const MAX_FEATURE_PAGES = 20;
export const MAX_FEATURE_TITLE = 100;
export const MAX_FEATURE_BODY = 20_000;

export const HEADER_LAYOUTS = ['AVATAR_AND_NAME', 'NAME_ONLY', 'LOGO'] as const;
export type HeaderLayout = (typeof HEADER_LAYOUTS)[number];
const COLOR = /^#[0-9a-f]{6}$/;
const FEATURE_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * Second segments of the publication's own addresses (/{collectionSlug}/latest, /about, /home, …):
 * a feature page may not take one, or /{collectionSlug}/{slug}/home would be ambiguous.
 */
const PUBLICATION_WORDS: ReadonlySet<string> = new Set(
  DEFAULT_ROUTES.filter((r) => r.path.startsWith('/{collectionSlug}/'))
    .map((r) => r.path.split('/')[2] ?? '')
    .filter((segment) => segment !== '' && !segment.startsWith('{')),
);

const DEFAULT_DESIGN = { headerLayout: 'AVATAR_AND_NAME', accentColor: null, backgroundColor: null, logoId: null, about: '' } as const;

export type PublicationDesign = Omit<CollectionDesignRow, 'collectionId' | 'updatedAt'>;

/** A feature page as shown: the row and whether the navigation leads to it. */
export type FeaturePageNode = CollectionFeaturePageRow & { showInNav: boolean };

/** Whitespace runs to one space, ends trimmed: names and titles are one line. */

/** The publication's design (the site's defaults when it never set one); `about` is its about page's text. */
export async function designOf(ctx: RequestContext, collectionId: string): Promise<PublicationDesign> {
  // Primed by a story's own read (worker/context/loaders.ts): no statement on a story page.
  return (await ctx.loaders.collectionDesignById.load(collectionId)) ?? DEFAULT_DESIGN;
}

/** The masthead's navigation, in order. */
export async function navigationOf(ctx: RequestContext, collectionId: string): Promise<CollectionNavItemRow[]> {
  return orm(ctx.db).select().from(collectionNavItems).where(eq(collectionNavItems.collectionId, collectionId)).orderBy(asc(collectionNavItems.position));
}

/** The viewer may manage it: signed in (else the sign-in error) and its owner or editor. */
async function mayManage(ctx: RequestContext, collectionId: string): Promise<boolean> {
  if (!ctx.viewer.user) throw signInRequired('manage a publication');
  return isEditorOf(ctx, collectionId);
}

/** After a change: its pages changed (and its search record, when asked); answers it reloaded. */
async function changed(ctx: RequestContext, collectionId: string, options: { reindex?: boolean } = {}): Promise<CollectionRow | null> {
  await ctx.changes.record({ pages: [{ kind: 'publication', id: collectionId }], records: options.reindex ? [{ kind: 'publication', id: collectionId }] : [] });
  ctx.loaders.collectionById.clear(collectionId);
  return ctx.loaders.collectionById.load(collectionId);
}

async function upsertDesign(ctx: RequestContext, collectionId: string, set: Partial<Omit<CollectionDesignRow, 'collectionId'>>) {
  await orm(ctx.db)
    .insert(collectionDesigns)
    .values({ collectionId, ...set, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: collectionDesigns.collectionId, set: { ...set, updatedAt: ctx.now } });
  ctx.loaders.collectionDesignById.clear(collectionId);
}

export interface PublicationIdentity {
  name: string;
  tagline: string;
  about?: string | null;
}

/** The publication's name, tagline and (when given) its about text. */
export async function updatePublication(ctx: RequestContext, collectionId: string, input: PublicationIdentity): Promise<CollectionRow | null | PublicationRefusal> {
  if (!(await mayManage(ctx, collectionId))) return publicationNotFound();
  const name = oneLine(input.name);
  const tagline = oneLine(input.tagline);
  if (name === '' || name.length > MAX_NAME) return refused(`A publication needs a name of at most ${MAX_NAME} characters.`);
  if (tagline.length > MAX_TAGLINE) return refused(`A tagline is at most ${MAX_TAGLINE} characters.`);
  const about = input.about == null ? null : cleanText(input.about).trim();
  if (about !== null && about.length > MAX_ABOUT) return refused(`The about text is at most ${MAX_ABOUT} characters.`);
  await orm(ctx.db).update(collections).set({ name, description: tagline }).where(eq(collections.id, collectionId));
  if (about !== null) await upsertDesign(ctx, collectionId, { about });
  return changed(ctx, collectionId, { reindex: true });
}

export type PublicationImageKind = 'AVATAR' | 'LOGO' | 'FAVICON';

/** Sets (an image the viewer uploaded through /_/upload) or clears one of its images. */
export async function setPublicationImage(ctx: RequestContext, collectionId: string, kind: PublicationImageKind, imageId: string | null): Promise<CollectionRow | null | PublicationRefusal> {
  if (!(await mayManage(ctx, collectionId))) return publicationNotFound();
  if (imageId !== null) {
    // Only an image the viewer uploaded (checked by content, SVG refused: worker/uploads):
    // never an arbitrary id, nor someone else's upload.
    const [upload] = await orm(ctx.db)
      .select({ id: uploadedImages.id })
      .from(uploadedImages)
      .where(and(eq(uploadedImages.id, imageId), eq(uploadedImages.uploaderId, ctx.viewer.user!.id)));
    if (!upload) return refused('Upload the image first: this image was not uploaded by you.');
  }
  if (kind === 'LOGO') await upsertDesign(ctx, collectionId, { logoId: imageId });
  else {
    const set = kind === 'AVATAR' ? { avatarId: imageId } : { faviconId: imageId };
    await orm(ctx.db).update(collections).set(set).where(eq(collections.id, collectionId));
  }
  return changed(ctx, collectionId, { reindex: kind === 'AVATAR' });
}

function colour(value: string | null | undefined, what: string): string | null | { problem: string } {
  if (value == null || value.trim() === '') return null;
  const v = value.trim().toLowerCase();
  return COLOR.test(v) ? v : { problem: `The ${what} colour must be written #rrggbb (for example #1a8917).` };
}

export interface DesignInput {
  headerLayout: HeaderLayout;
  accentColor?: string | null;
  backgroundColor?: string | null;
}

/** Header layout and colours (#rrggbb or null). */
export async function updatePublicationDesign(ctx: RequestContext, collectionId: string, input: DesignInput): Promise<CollectionRow | null | PublicationRefusal> {
  if (!(await mayManage(ctx, collectionId))) return publicationNotFound();
  const accent = colour(input.accentColor, 'accent');
  const background = colour(input.backgroundColor, 'background');
  for (const c of [accent, background]) if (c !== null && typeof c === 'object') return refused(c.problem);
  // Within safe bounds (docs/adr/0160-custom-style-sheets.md): the masthead's text stays readable.
  const contrast =
    (typeof background === 'string' ? backgroundProblem(background) : null) ??
    (typeof accent === 'string' ? accentProblem(accent, typeof background === 'string' ? background : null) : null);
  if (contrast) return refused(contrast);
  if (input.headerLayout === 'LOGO' && !(await designOf(ctx, collectionId)).logoId) return refused('Upload a logo before choosing the logo header.');
  await upsertDesign(ctx, collectionId, { headerLayout: input.headerLayout, accentColor: accent as string | null, backgroundColor: background as string | null });
  return changed(ctx, collectionId);
}

export interface NavInput {
  title: string;
  kind: 'TAG' | 'FEATURE_PAGE' | 'LINK';
  target: string;
}

/** The item as stored, or why it cannot be. */
async function navItem(ctx: RequestContext, collectionId: string, input: NavInput): Promise<NavInput | string> {
  const title = oneLine(input.title);
  if (title === '' || title.length > MAX_NAV_TITLE) return `A navigation item needs a title of at most ${MAX_NAV_TITLE} characters.`;
  const target = input.target.trim();
  switch (input.kind) {
    case 'LINK': {
      const link = writerLink(target);
      if (!link || !/^https?:\/\//i.test(link)) return `“${title}” must link to a web address (http or https).`;
      return { title, kind: 'LINK', target: link };
    }
    case 'TAG': {
      const slug = slugify(target);
      if (slug === '' || !(await ctx.loaders.tagBySlug.load(slug))) return `There is no tag “${target}”.`;
      return { title, kind: 'TAG', target: slug };
    }
    case 'FEATURE_PAGE': {
      const [page] = await orm(ctx.db)
        .select({ slug: collectionFeaturePages.slug })
        .from(collectionFeaturePages)
        .where(and(eq(collectionFeaturePages.collectionId, collectionId), eq(collectionFeaturePages.slug, target)));
      if (!page) return `The publication has no page “${target}”.`;
      return { title, kind: 'FEATURE_PAGE', target: page.slug };
    }
  }
}

/** The statements that replace the navigation with these items (run in the caller's batch). */
function navigationStatements(ctx: RequestContext, collectionId: string, items: readonly NavInput[]) {
  const q = orm(ctx.db);
  return [
    q.delete(collectionNavItems).where(eq(collectionNavItems.collectionId, collectionId)),
    ...items.map((item, position) => q.insert(collectionNavItems).values({ collectionId, position, ...item })),
  ] as const;
}

/** Replaces the navigation with these items, in this order. */
export async function setPublicationNavigation(ctx: RequestContext, collectionId: string, inputs: readonly NavInput[]): Promise<CollectionRow | null | PublicationRefusal> {
  if (!(await mayManage(ctx, collectionId))) return publicationNotFound();
  if (inputs.length > MAX_NAV_ITEMS) return refused(`The navigation holds up to ${MAX_NAV_ITEMS} items.`);
  const items: NavInput[] = [];
  for (const input of inputs) {
    const item = await navItem(ctx, collectionId, input);
    if (typeof item === 'string') return refused(item);
    items.push(item);
  }
  await orm(ctx.db).batch([...navigationStatements(ctx, collectionId, items)]);
  return changed(ctx, collectionId);
}

export interface FeaturePageInput {
  /** Absent: a new page. */
  id?: string | null;
  slug: string;
  title: string;
  body: string;
  tagSlug?: string | null;
  showInNav: boolean;
}

/** Creates (no id) or changes a feature page. */
export async function saveFeaturePage(ctx: RequestContext, collectionId: string, input: FeaturePageInput): Promise<FeaturePageNode | PublicationRefusal> {
  if (!(await mayManage(ctx, collectionId))) return publicationNotFound();
  const slug = input.slug.trim().toLowerCase();
  const title = oneLine(input.title);
  const body = input.body.replace(/\r\n?/g, '\n').trim();
  if (!FEATURE_SLUG.test(slug)) return refused('A page address is 1 to 40 lowercase letters, digits and hyphens.');
  if (PUBLICATION_WORDS.has(slug)) return refused(`“${slug}” is taken by the publication’s own pages: choose another address.`);
  if (title === '' || title.length > MAX_FEATURE_TITLE) return refused(`A page needs a title of at most ${MAX_FEATURE_TITLE} characters.`);
  if (body.length > MAX_FEATURE_BODY) return refused(`A page's text is at most ${MAX_FEATURE_BODY.toLocaleString('en-US')} characters.`);
  let tagSlug: string | null = null;
  if (input.tagSlug && input.tagSlug.trim() !== '') {
    tagSlug = slugify(input.tagSlug);
    if (!tagSlug || !(await ctx.loaders.tagBySlug.load(tagSlug))) return refused(`There is no tag “${input.tagSlug.trim()}”.`);
  }
  const q = orm(ctx.db);
  const pages = await q.select().from(collectionFeaturePages).where(eq(collectionFeaturePages.collectionId, collectionId));
  const existing = input.id ? pages.find((p) => p.id === input.id) : undefined;
  if (input.id && !existing) return { __typename: 'NotFound', message: 'This page does not exist.' };
  if (!existing && pages.length >= MAX_FEATURE_PAGES) return refused(`A publication has up to ${MAX_FEATURE_PAGES} pages.`);
  if (pages.some((p) => p.slug === slug && p.id !== existing?.id)) return refused(`The publication already has a page at “${slug}”.`);
  const id = existing?.id ?? newId();
  // The navigation follows the page: its item keeps its place (renamed address), appears at the end, or goes.
  const nav = (await navigationOf(ctx, collectionId)).map(({ title: t, kind, target }) => ({ title: t, kind, target }));
  const oldSlug = existing?.slug ?? slug;
  const at = nav.findIndex((item) => item.kind === 'FEATURE_PAGE' && item.target === oldSlug);
  if (input.showInNav && at >= 0) nav[at] = { ...nav[at]!, target: slug };
  else if (input.showInNav) {
    if (nav.length >= MAX_NAV_ITEMS) return refused(`The navigation holds up to ${MAX_NAV_ITEMS} items: remove one to show this page in it.`);
    nav.push({ title: title.slice(0, MAX_NAV_TITLE), kind: 'FEATURE_PAGE', target: slug });
  } else if (at >= 0) nav.splice(at, 1);
  // The page and its navigation item are written together: never one without the other.
  await q.batch([
    existing
      ? q.update(collectionFeaturePages).set({ slug, title, body, tagSlug, updatedAt: ctx.now }).where(eq(collectionFeaturePages.id, id))
      : q.insert(collectionFeaturePages).values({ id, collectionId, slug, title, body, tagSlug, createdAt: ctx.now, updatedAt: ctx.now }),
    ...navigationStatements(ctx, collectionId, nav),
  ]);
  await changed(ctx, collectionId);
  const [saved] = await q.select().from(collectionFeaturePages).where(eq(collectionFeaturePages.id, id));
  return featurePageNode(ctx, saved!);
}

/** Deletes a feature page and its navigation item. */
export async function deleteFeaturePage(ctx: RequestContext, collectionId: string, id: string): Promise<CollectionRow | null | PublicationRefusal> {
  if (!(await mayManage(ctx, collectionId))) return publicationNotFound();
  const q = orm(ctx.db);
  const [page] = await q
    .select()
    .from(collectionFeaturePages)
    .where(and(eq(collectionFeaturePages.id, id), eq(collectionFeaturePages.collectionId, collectionId)));
  if (!page) return { __typename: 'NotFound', message: 'This page does not exist.' };
  const nav = (await navigationOf(ctx, collectionId))
    .filter((item) => !(item.kind === 'FEATURE_PAGE' && item.target === page.slug))
    .map(({ title, kind, target }) => ({ title, kind, target }));
  await q.batch([q.delete(collectionFeaturePages).where(eq(collectionFeaturePages.id, page.id)), ...navigationStatements(ctx, collectionId, nav)]);
  return changed(ctx, collectionId);
}

async function featurePageNode(ctx: RequestContext, page: CollectionFeaturePageRow): Promise<FeaturePageNode> {
  const nav = await navigationOf(ctx, page.collectionId);
  return { ...page, showInNav: nav.some((item) => item.kind === 'FEATURE_PAGE' && item.target === page.slug) };
}

/** The publication's feature pages, oldest first. */
export async function featurePagesOf(ctx: RequestContext, collectionId: string): Promise<FeaturePageNode[]> {
  const pages = await orm(ctx.db)
    .select()
    .from(collectionFeaturePages)
    .where(eq(collectionFeaturePages.collectionId, collectionId))
    .orderBy(asc(collectionFeaturePages.createdAt), asc(collectionFeaturePages.id));
  return Promise.all(pages.map((page) => featurePageNode(ctx, page)));
}

/** One of its feature pages by its address (/{collectionSlug}/{slug}/home), or null. */
export async function featurePageBySlug(ctx: RequestContext, collectionId: string, slug: string): Promise<FeaturePageNode | null> {
  const [page] = await orm(ctx.db)
    .select()
    .from(collectionFeaturePages)
    .where(and(eq(collectionFeaturePages.collectionId, collectionId), eq(collectionFeaturePages.slug, slug.toLowerCase())));
  return page ? featurePageNode(ctx, page) : null;
}

/** The publication's stories with the page's tag, newest first (empty without a tag). */
export async function featurePagePosts(ctx: RequestContext, page: CollectionFeaturePageRow, paging: PagingOptions | null | undefined): Promise<Page<StoryNode>> {
  const [collection, tag] = await Promise.all([ctx.loaders.collectionById.load(page.collectionId), page.tagSlug ? ctx.loaders.tagBySlug.load(page.tagSlug) : null]);
  if (!collection || !tag) return { items: [], pagingInfo: { next: null } };
  return publicationTopicStories(ctx, collection, tag, paging);
}

/**
 * The slug of the publication whose feature page /{collectionSlug}/{pageSlug} names, or null
 * (the feature page editor's address, /{collectionSlug}/{topicSlug}/edit).
 */
export async function featurePagePublicationSlug(db: D1Database, collectionSlug: string, pageSlug: string): Promise<string | null> {
  const page = await db
    .prepare('SELECT c.slug AS slug FROM collection_feature_pages f JOIN collections c ON c.id = f.collection_id WHERE c.slug = ? AND f.slug = ?')
    .bind(collectionSlug, pageSlug)
    .first<{ slug: string }>();
  return page?.slug ?? null;
}
