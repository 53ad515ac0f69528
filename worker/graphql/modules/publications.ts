// Making and staffing a publication (issue 12 item 7): createPublication (/new-publication: name,
// slug, tagline; the creator is its owner) and its permissions (/{collectionSlug}/permissions):
// the owner and editors add people by username as editors (publish) or writers (submit), and
// remove them. Everyone else is told the publication has no members to manage (NotFound).
//
// A slug is what the publication's address starts with (/{slug}), so it may not be a word the
// site's own addresses start with (/me, /tag, /p, …) nor a reserved feed word
// (worker/feeds/feed-target.ts): data never shadows the site.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_ROUTES } from '../../../shared/routing/routes.ts';
import { orm } from '../../db/orm.ts';
import { collectionMembers, collections, users, type CollectionRow } from '../../db/schema.ts';
import { RESERVED_FEED_SEGMENTS } from '../../host/feed-addresses.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import { mainOrigin } from '../../env.ts';
import { logEvent } from '../../lib/log-context.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { publicationMemberMail } from '../../mail/templates.ts';
import type { SchemaModule } from './schema-module.ts';
import { isEditorOf } from './submissions.ts';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
const MAX_NAME = 100;
const MAX_TAGLINE = 160;

/** First segments of the site's own addresses (/me, /tag, /p, /new-story, …). */
const SITE_WORDS: ReadonlySet<string> = new Set(
  DEFAULT_ROUTES.map((r) => r.path.split('/')[1] ?? '').filter((segment) => segment !== '' && !segment.startsWith('{') && !segment.startsWith('@')),
);

const typeDefs = /* GraphQL */ `
  type PublicationMember {
    user: User!
    "OWNER, EDITOR or WRITER."
    role: String!
  }

  type Collection {
    "Owner and editors only: who may publish or submit."
    members: [PublicationMember!]
  }

  union PublicationResult = Collection | BadRequest | NotFound

  type Mutation {
    "Makes a publication owned by the viewer."
    createPublication(name: String!, slug: String!, tagline: String): PublicationResult!
    "Owner and editors: adds or changes a member by username (role EDITOR or WRITER)."
    setPublicationMember(collectionId: ID!, username: String!, role: String!): PublicationResult!
    "Owner and editors: removes a member (never the owner)."
    removePublicationMember(collectionId: ID!, userId: ID!): PublicationResult!
  }
`;

const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const notFound = () => ({ __typename: 'NotFound', message: 'This publication does not exist.' });

export function publicationSlugProblem(slug: string): string | null {
  if (!SLUG.test(slug)) return 'A publication address is 3 to 40 lowercase letters, digits and hyphens.';
  if (SITE_WORDS.has(slug) || RESERVED_FEED_SEGMENTS.has(slug)) return `"${slug}" is taken by the site: choose another address.`;
  return null;
}

async function createPublication(_r: unknown, args: { name: string; slug: string; tagline?: string | null }, ctx: RequestContext) {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('create a publication');
  const name = args.name.replace(/\s+/g, ' ').trim();
  const slug = args.slug.trim().toLowerCase();
  const tagline = (args.tagline ?? '').replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > MAX_NAME) return badRequest(`A publication needs a name of at most ${MAX_NAME} characters.`);
  if (tagline.length > MAX_TAGLINE) return badRequest(`A tagline is at most ${MAX_TAGLINE} characters.`);
  const problem = publicationSlugProblem(slug);
  if (problem) return badRequest(problem);
  const q = orm(ctx.db);
  const [taken] = await q.select({ id: collections.id }).from(collections).where(sql`${collections.slug} = ${slug} COLLATE NOCASE`);
  if (taken) return badRequest(`The address /${slug} is taken: choose another.`);
  const id = newId();
  try {
    await q.batch([
      q.insert(collections).values({ id, slug, name, description: tagline, creatorId: viewer.id, createdAt: ctx.now }),
      q.insert(collectionMembers).values({ collectionId: id, userId: viewer.id, role: 'OWNER', createdAt: ctx.now }),
    ]);
  } catch (error) {
    if (/UNIQUE/i.test(String((error as Error)?.message) + String((error as { cause?: unknown })?.cause ?? ''))) return badRequest(`The address /${slug} is taken: choose another.`);
    throw error;
  }
  return { __typename: 'Collection', ...(await ctx.loaders.collectionById.load(id)) };
}

async function setPublicationMember(_r: unknown, args: { collectionId: string; username: string; role: string }, ctx: RequestContext) {
  if (!ctx.viewer.user) throw signInRequired('manage a publication');
  if (!(await isEditorOf(ctx, args.collectionId))) return notFound();
  if (args.role !== 'EDITOR' && args.role !== 'WRITER') return badRequest('A member is an editor or a writer.');
  const q = orm(ctx.db);
  const [user] = await q
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.username, args.username.trim().replace(/^@/, '').toLowerCase()), isNull(users.deletedAt)));
  if (!user) return badRequest(`No one is called @${args.username.trim().replace(/^@/, '')}.`);
  const [current] = await q
    .select({ role: collectionMembers.role })
    .from(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, args.collectionId), eq(collectionMembers.userId, user.id)));
  if (current?.role === 'OWNER') return badRequest('The owner’s role does not change.');
  await q
    .insert(collectionMembers)
    .values({ collectionId: args.collectionId, userId: user.id, role: args.role, createdAt: ctx.now })
    .onConflictDoUpdate({ target: [collectionMembers.collectionId, collectionMembers.userId], set: { role: args.role } });
  const collection = await ctx.loaders.collectionById.load(args.collectionId);
  // The person added (or given another role) hears of it by email; the change stands if the mail fails.
  if (current?.role !== args.role && user.email && collection) {
    const message = await publicationMemberMail({
      productName: ctx.env.PRODUCT_NAME,
      to: user.email,
      publicationName: collection.name,
      role: args.role,
      addedBy: ctx.viewer.user.name,
      link: `${mainOrigin(ctx.env)}/${collection.slug}`,
    });
    await mailerFor(ctx.env, ctx.db)
      .send(message)
      .catch((error: unknown) => logEvent({ event: 'publication.member_mail_failed', collectionId: collection.id, error: String(error) }, 'warn'));
  }
  return { __typename: 'Collection', ...collection };
}

async function removePublicationMember(_r: unknown, args: { collectionId: string; userId: string }, ctx: RequestContext) {
  if (!ctx.viewer.user) throw signInRequired('manage a publication');
  if (!(await isEditorOf(ctx, args.collectionId))) return notFound();
  await orm(ctx.db)
    .delete(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, args.collectionId), eq(collectionMembers.userId, args.userId), sql`${collectionMembers.role} <> 'OWNER'`));
  return { __typename: 'Collection', ...(await ctx.loaders.collectionById.load(args.collectionId)) };
}

export const publicationsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublicationResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Collection: {
      members: async (collection: CollectionRow, _a: unknown, ctx: RequestContext) => {
        if (!(await isEditorOf(ctx, collection.id))) return null;
        const rows = await orm(ctx.db)
          .select({ user: users, role: collectionMembers.role })
          .from(collectionMembers)
          .innerJoin(users, eq(users.id, collectionMembers.userId))
          .where(eq(collectionMembers.collectionId, collection.id))
          .orderBy(collectionMembers.createdAt);
        return rows;
      },
    },
    Mutation: { createPublication, setPublicationMember, removePublicationMember },
  },
};
