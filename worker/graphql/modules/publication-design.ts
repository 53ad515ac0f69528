// Running a publication's site (issue 12 item 7; docs/publications.md): its identity
// (/{collectionSlug}/edit: name, tagline, avatar, logo, favicon; /settings/about: the long
// "about" text), its design (/design: header layout and colours), its navigation
// (/settings/navigation) and its feature pages (/settings/feature-pages, /new).
//
// Who may: the publication's owner and editors. To anyone else (writers included) every
// mutation answers NotFound and changes nothing, as the pages answer 404.
//
// Every change purges the publication's cached pages (tag collection:{id}: its pages and the
// stories under it, whose masthead shows the design) and, when what search shows changed
// (name, tagline, avatar), reindexes it.
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_ROUTES } from '../../../shared/routing/routes.ts';
import { slugify } from '../../../shared/format.ts';
import { writerLink } from '../../../shared/editor/story-content-rules.ts';
import { purgeTags } from '../../cache/purge.ts';
import { collectionTag } from '../../cache/tags.ts';
import { orm } from '../../db/orm.ts';
import {
  collectionDesigns,
  collectionFeaturePages,
  collectionNavItems,
  collections,
  uploadedImages,
  type CollectionDesignRow,
  type CollectionFeaturePageRow,
  type CollectionRow,
} from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { reindexCollection } from '../../search/indexing.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { collectionTaggedPosts } from '../../stories/story-lists.ts';
import { isEditorOf } from './submissions.ts';
import type { SchemaModule } from './schema-module.ts';

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

const typeDefs = /* GraphQL */ `
  "How a publication's masthead shows it: its avatar and name, its name alone, or its logo."
  enum PublicationHeaderLayout {
    AVATAR_AND_NAME
    NAME_ONLY
    LOGO
  }

  "A publication's design (/{collectionSlug}/design), applied to its pages."
  type PublicationDesign {
    headerLayout: PublicationHeaderLayout!
    "#rrggbb, or null for the site's own."
    accentColor: String
    "#rrggbb, or null for the site's own."
    backgroundColor: String
    logoId: String
  }

  "What a navigation item leads to: the publication's stories with a tag, one of its feature pages, or a web address."
  enum PublicationNavKind {
    TAG
    FEATURE_PAGE
    LINK
  }

  type PublicationNavItem {
    title: String!
    kind: PublicationNavKind!
    "A tag slug, a feature page slug, or an http(s) address."
    target: String!
  }

  input PublicationNavItemInput {
    title: String!
    kind: PublicationNavKind!
    target: String!
  }

  "One of a publication's own pages (/{collectionSlug}/{slug}/home)."
  type FeaturePage {
    id: ID!
    slug: String!
    title: String!
    "Plain text; blank lines separate paragraphs."
    body: String!
    "When set, the page lists the publication's stories with this tag."
    tagSlug: String
    "Whether the publication's navigation leads to it."
    showInNav: Boolean!
    "The publication's stories with the page's tag, newest first (empty without a tag)."
    postsConnection(paging: PagingOptions): PostConnection!
  }

  "Which of a publication's images to set."
  enum PublicationImageKind {
    AVATAR
    LOGO
    FAVICON
  }

  type Collection {
    design: PublicationDesign!
    "The long description of the about page (the tagline is description)."
    about: String!
    "The masthead's navigation, in order."
    navigation: [PublicationNavItem!]!
    "The publication's feature pages, oldest first."
    featurePages: [FeaturePage!]!
    featurePage(slug: String!): FeaturePage
  }

  union PublicationManageResult = Collection | BadRequest | NotFound
  union FeaturePageResult = FeaturePage | BadRequest | NotFound

  type Mutation {
    "Owner and editors: the publication's name, tagline and (when given) its about text."
    updatePublication(collectionId: ID!, name: String!, tagline: String!, about: String): PublicationManageResult!
    "Owner and editors: sets (an image the viewer uploaded through /_/upload) or clears one of its images."
    setPublicationImage(collectionId: ID!, kind: PublicationImageKind!, imageId: String): PublicationManageResult!
    "Owner and editors: header layout and colours (#rrggbb or null)."
    updatePublicationDesign(collectionId: ID!, headerLayout: PublicationHeaderLayout!, accentColor: String, backgroundColor: String): PublicationManageResult!
    "Owner and editors: replaces the navigation with these items, in this order."
    setPublicationNavigation(collectionId: ID!, items: [PublicationNavItemInput!]!): PublicationManageResult!
    "Owner and editors: creates (no id) or changes a feature page."
    saveFeaturePage(collectionId: ID!, id: ID, slug: String!, title: String!, body: String!, tagSlug: String, showInNav: Boolean!): FeaturePageResult!
    "Owner and editors: deletes a feature page and its navigation item."
    deleteFeaturePage(collectionId: ID!, id: ID!): PublicationManageResult!
  }
`;

const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const notFound = () => ({ __typename: 'NotFound', message: 'This publication does not exist.' });

/** Whitespace runs to one space, ends trimmed: names and titles are one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

async function designOf(ctx: RequestContext, collectionId: string): Promise<Omit<CollectionDesignRow, 'collectionId' | 'updatedAt'>> {
  const [row] = await orm(ctx.db).select().from(collectionDesigns).where(eq(collectionDesigns.collectionId, collectionId));
  return row ?? DEFAULT_DESIGN;
}

async function navigationOf(ctx: RequestContext, collectionId: string) {
  return orm(ctx.db).select().from(collectionNavItems).where(eq(collectionNavItems.collectionId, collectionId)).orderBy(asc(collectionNavItems.position));
}

/** The viewer may manage it: signed in (else the sign-in error) and its owner or editor. */
async function mayManage(ctx: RequestContext, collectionId: string): Promise<boolean> {
  if (!ctx.viewer.user) throw signInRequired('manage a publication');
  return isEditorOf(ctx, collectionId);
}

/** After a change: drop the cached copies of its pages, reload it, reindex when asked. */
async function changed(ctx: RequestContext, collectionId: string, options: { reindex?: boolean } = {}) {
  await purgeTags(ctx.env, [collectionTag(collectionId)]);
  if (options.reindex) await reindexCollection(ctx.env, collectionId);
  ctx.loaders.collectionById.clear(collectionId);
  return { __typename: 'Collection', ...(await ctx.loaders.collectionById.load(collectionId)) };
}

async function upsertDesign(ctx: RequestContext, collectionId: string, set: Partial<Omit<CollectionDesignRow, 'collectionId'>>) {
  await orm(ctx.db)
    .insert(collectionDesigns)
    .values({ collectionId, ...set, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: collectionDesigns.collectionId, set: { ...set, updatedAt: ctx.now } });
}

async function updatePublication(_r: unknown, args: { collectionId: string; name: string; tagline: string; about?: string | null }, ctx: RequestContext) {
  if (!(await mayManage(ctx, args.collectionId))) return notFound();
  const name = oneLine(args.name);
  const tagline = oneLine(args.tagline);
  if (name === '' || name.length > MAX_NAME) return badRequest(`A publication needs a name of at most ${MAX_NAME} characters.`);
  if (tagline.length > MAX_TAGLINE) return badRequest(`A tagline is at most ${MAX_TAGLINE} characters.`);
  const about = args.about == null ? null : args.about.replace(/\r\n?/g, '\n').trim();
  if (about !== null && about.length > MAX_ABOUT) return badRequest(`The about text is at most ${MAX_ABOUT} characters.`);
  await orm(ctx.db).update(collections).set({ name, description: tagline }).where(eq(collections.id, args.collectionId));
  if (about !== null) await upsertDesign(ctx, args.collectionId, { about });
  return changed(ctx, args.collectionId, { reindex: true });
}

async function setPublicationImage(_r: unknown, args: { collectionId: string; kind: 'AVATAR' | 'LOGO' | 'FAVICON'; imageId?: string | null }, ctx: RequestContext) {
  if (!(await mayManage(ctx, args.collectionId))) return notFound();
  const imageId = args.imageId ?? null;
  if (imageId !== null) {
    // Only an image the viewer uploaded (checked by content, SVG refused: worker/uploads):
    // never an arbitrary id, nor someone else's upload.
    const [upload] = await orm(ctx.db)
      .select({ id: uploadedImages.id })
      .from(uploadedImages)
      .where(and(eq(uploadedImages.id, imageId), eq(uploadedImages.uploaderId, ctx.viewer.user!.id)));
    if (!upload) return badRequest('Upload the image first: this image was not uploaded by you.');
  }
  if (args.kind === 'LOGO') await upsertDesign(ctx, args.collectionId, { logoId: imageId });
  else {
    const set = args.kind === 'AVATAR' ? { avatarId: imageId } : { faviconId: imageId };
    await orm(ctx.db).update(collections).set(set).where(eq(collections.id, args.collectionId));
  }
  return changed(ctx, args.collectionId, { reindex: args.kind === 'AVATAR' });
}

function colour(value: string | null | undefined, what: string): string | null | { problem: string } {
  if (value == null || value.trim() === '') return null;
  const v = value.trim().toLowerCase();
  return COLOR.test(v) ? v : { problem: `The ${what} colour must be written #rrggbb (for example #1a8917).` };
}

async function updatePublicationDesign(
  _r: unknown,
  args: { collectionId: string; headerLayout: HeaderLayout; accentColor?: string | null; backgroundColor?: string | null },
  ctx: RequestContext,
) {
  if (!(await mayManage(ctx, args.collectionId))) return notFound();
  const accent = colour(args.accentColor, 'accent');
  const background = colour(args.backgroundColor, 'background');
  for (const c of [accent, background]) if (c !== null && typeof c === 'object') return badRequest(c.problem);
  if (args.headerLayout === 'LOGO' && !(await designOf(ctx, args.collectionId)).logoId) return badRequest('Upload a logo before choosing the logo header.');
  await upsertDesign(ctx, args.collectionId, { headerLayout: args.headerLayout, accentColor: accent as string | null, backgroundColor: background as string | null });
  return changed(ctx, args.collectionId);
}

interface NavInput {
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

async function setPublicationNavigation(_r: unknown, args: { collectionId: string; items: NavInput[] }, ctx: RequestContext) {
  if (!(await mayManage(ctx, args.collectionId))) return notFound();
  if (args.items.length > MAX_NAV_ITEMS) return badRequest(`The navigation holds up to ${MAX_NAV_ITEMS} items.`);
  const items: NavInput[] = [];
  for (const input of args.items) {
    const item = await navItem(ctx, args.collectionId, input);
    if (typeof item === 'string') return badRequest(item);
    items.push(item);
  }
  await orm(ctx.db).batch([...navigationStatements(ctx, args.collectionId, items)]);
  return changed(ctx, args.collectionId);
}

interface FeaturePageArgs {
  collectionId: string;
  id?: string | null;
  slug: string;
  title: string;
  body: string;
  tagSlug?: string | null;
  showInNav: boolean;
}

async function saveFeaturePage(_r: unknown, args: FeaturePageArgs, ctx: RequestContext) {
  if (!(await mayManage(ctx, args.collectionId))) return notFound();
  const slug = args.slug.trim().toLowerCase();
  const title = oneLine(args.title);
  const body = args.body.replace(/\r\n?/g, '\n').trim();
  if (!FEATURE_SLUG.test(slug)) return badRequest('A page address is 1 to 40 lowercase letters, digits and hyphens.');
  if (PUBLICATION_WORDS.has(slug)) return badRequest(`“${slug}” is taken by the publication’s own pages: choose another address.`);
  if (title === '' || title.length > MAX_FEATURE_TITLE) return badRequest(`A page needs a title of at most ${MAX_FEATURE_TITLE} characters.`);
  if (body.length > MAX_FEATURE_BODY) return badRequest(`A page's text is at most ${MAX_FEATURE_BODY.toLocaleString('en-US')} characters.`);
  let tagSlug: string | null = null;
  if (args.tagSlug && args.tagSlug.trim() !== '') {
    tagSlug = slugify(args.tagSlug);
    if (!tagSlug || !(await ctx.loaders.tagBySlug.load(tagSlug))) return badRequest(`There is no tag “${args.tagSlug.trim()}”.`);
  }
  const q = orm(ctx.db);
  const pages = await q.select().from(collectionFeaturePages).where(eq(collectionFeaturePages.collectionId, args.collectionId));
  const existing = args.id ? pages.find((p) => p.id === args.id) : undefined;
  if (args.id && !existing) return { __typename: 'NotFound', message: 'This page does not exist.' };
  if (!existing && pages.length >= MAX_FEATURE_PAGES) return badRequest(`A publication has up to ${MAX_FEATURE_PAGES} pages.`);
  if (pages.some((p) => p.slug === slug && p.id !== existing?.id)) return badRequest(`The publication already has a page at “${slug}”.`);
  const id = existing?.id ?? newId();
  // The navigation follows the page: its item keeps its place (renamed address), appears at the end, or goes.
  const nav = (await navigationOf(ctx, args.collectionId)).map(({ title: t, kind, target }) => ({ title: t, kind, target }));
  const oldSlug = existing?.slug ?? slug;
  const at = nav.findIndex((item) => item.kind === 'FEATURE_PAGE' && item.target === oldSlug);
  if (args.showInNav && at >= 0) nav[at] = { ...nav[at]!, target: slug };
  else if (args.showInNav) {
    if (nav.length >= MAX_NAV_ITEMS) return badRequest(`The navigation holds up to ${MAX_NAV_ITEMS} items: remove one to show this page in it.`);
    nav.push({ title: title.slice(0, MAX_NAV_TITLE), kind: 'FEATURE_PAGE', target: slug });
  } else if (at >= 0) nav.splice(at, 1);
  // The page and its navigation item are written together: never one without the other.
  await q.batch([
    existing
      ? q.update(collectionFeaturePages).set({ slug, title, body, tagSlug, updatedAt: ctx.now }).where(eq(collectionFeaturePages.id, id))
      : q.insert(collectionFeaturePages).values({ id, collectionId: args.collectionId, slug, title, body, tagSlug, createdAt: ctx.now, updatedAt: ctx.now }),
    ...navigationStatements(ctx, args.collectionId, nav),
  ]);
  await changed(ctx, args.collectionId);
  const [saved] = await q.select().from(collectionFeaturePages).where(eq(collectionFeaturePages.id, id));
  return { __typename: 'FeaturePage', ...(await featurePageNode(ctx, saved!)) };
}

async function deleteFeaturePage(_r: unknown, args: { collectionId: string; id: string }, ctx: RequestContext) {
  if (!(await mayManage(ctx, args.collectionId))) return notFound();
  const q = orm(ctx.db);
  const [page] = await q
    .select()
    .from(collectionFeaturePages)
    .where(and(eq(collectionFeaturePages.id, args.id), eq(collectionFeaturePages.collectionId, args.collectionId)));
  if (!page) return { __typename: 'NotFound', message: 'This page does not exist.' };
  const nav = (await navigationOf(ctx, args.collectionId))
    .filter((item) => !(item.kind === 'FEATURE_PAGE' && item.target === page.slug))
    .map(({ title, kind, target }) => ({ title, kind, target }));
  await q.batch([q.delete(collectionFeaturePages).where(eq(collectionFeaturePages.id, page.id)), ...navigationStatements(ctx, args.collectionId, nav)]);
  return changed(ctx, args.collectionId);
}

async function featurePageNode(ctx: RequestContext, page: CollectionFeaturePageRow) {
  const nav = await navigationOf(ctx, page.collectionId);
  return { ...page, showInNav: nav.some((item) => item.kind === 'FEATURE_PAGE' && item.target === page.slug) };
}

export const publicationDesignModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublicationManageResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    FeaturePageResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Collection: {
      design: (collection: CollectionRow, _a: unknown, ctx: RequestContext) => designOf(ctx, collection.id),
      about: async (collection: CollectionRow, _a: unknown, ctx: RequestContext) => (await designOf(ctx, collection.id)).about,
      navigation: (collection: CollectionRow, _a: unknown, ctx: RequestContext) => navigationOf(ctx, collection.id),
      featurePages: async (collection: CollectionRow, _a: unknown, ctx: RequestContext) => {
        const pages = await orm(ctx.db)
          .select()
          .from(collectionFeaturePages)
          .where(eq(collectionFeaturePages.collectionId, collection.id))
          .orderBy(asc(collectionFeaturePages.createdAt), asc(collectionFeaturePages.id));
        return Promise.all(pages.map((page) => featurePageNode(ctx, page)));
      },
      featurePage: async (collection: CollectionRow, args: { slug: string }, ctx: RequestContext) => {
        const [page] = await orm(ctx.db)
          .select()
          .from(collectionFeaturePages)
          .where(and(eq(collectionFeaturePages.collectionId, collection.id), eq(collectionFeaturePages.slug, args.slug.toLowerCase())));
        return page ? featurePageNode(ctx, page) : null;
      },
    },
    FeaturePage: {
      postsConnection: async (page: CollectionFeaturePageRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const [collection, tag] = await Promise.all([ctx.loaders.collectionById.load(page.collectionId), page.tagSlug ? ctx.loaders.tagBySlug.load(page.tagSlug) : null]);
        if (!collection || !tag) return { posts: [], pagingInfo: { next: null } };
        const list = await collectionTaggedPosts(ctx, collection, tag, args.paging);
        return { posts: list.items, pagingInfo: list.pagingInfo };
      },
    },
    Mutation: { updatePublication, setPublicationImage, updatePublicationDesign, setPublicationNavigation, saveFeaturePage, deleteFeaturePage },
  },
};
