// Who runs a publication (issue 12 item 7; /{collectionSlug}/permissions): its owner, its
// editors (publish) and its writers (submit). The owner and editors add people by username as
// editors or writers, and remove them; everyone else is told the publication has no members
// to manage (NotFound).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { collectionMembers, collections, users, type CollectionRow, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { mainOrigin } from '../env.ts';
import { logEvent } from '../lib/log-context.ts';
import { mailerFor } from '../mail/mailer.ts';
import { publicationMemberMail } from '../mail/templates.ts';
import { publicationNotFound, refused, type PublicationRefusal } from './results.ts';
import { publicationRoleOf } from '../stories/story-editors.ts';

/** Whether the viewer is the publication's owner or one of its editors (writers are not). */
export async function isEditorOf(ctx: RequestContext, collectionId: string): Promise<boolean> {
  const role = await publicationRoleOf(ctx, collectionId);
  return role !== null && role !== 'WRITER';
}

export interface PublicationMember {
  user: UserRow;
  /** OWNER, EDITOR or WRITER. */
  role: string;
}

/** Owner and editors only (null for everyone else): who may publish or submit, first added first. */
export async function publicationMembers(ctx: RequestContext, collectionId: string): Promise<PublicationMember[] | null> {
  if (!(await isEditorOf(ctx, collectionId))) return null;
  return orm(ctx.db)
    .select({ user: users, role: collectionMembers.role })
    .from(collectionMembers)
    .innerJoin(users, eq(users.id, collectionMembers.userId))
    .where(eq(collectionMembers.collectionId, collectionId))
    .orderBy(collectionMembers.createdAt);
}

/** Adds or changes a member by username (role EDITOR or WRITER); answers the publication. */
export async function setPublicationMember(ctx: RequestContext, collectionId: string, username: string, role: string): Promise<CollectionRow | null | PublicationRefusal> {
  if (!ctx.viewer.user) throw signInRequired('manage a publication');
  if (!(await isEditorOf(ctx, collectionId))) return publicationNotFound();
  if (role !== 'EDITOR' && role !== 'WRITER') return refused('A member is an editor or a writer.');
  const q = orm(ctx.db);
  const [user] = await q
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.username, username.trim().replace(/^@/, '').toLowerCase()), isNull(users.deletedAt)));
  if (!user) return refused(`No one is called @${username.trim().replace(/^@/, '')}.`);
  const [current] = await q
    .select({ role: collectionMembers.role })
    .from(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, user.id)));
  if (current?.role === 'OWNER') return refused('The owner’s role does not change.');
  await q
    .insert(collectionMembers)
    .values({ collectionId, userId: user.id, role, createdAt: ctx.now })
    .onConflictDoUpdate({ target: [collectionMembers.collectionId, collectionMembers.userId], set: { role } });
  const collection = await ctx.loaders.collectionById.load(collectionId);
  // The person added (or given another role) hears of it by email; the change stands if the mail fails.
  if (current?.role !== role && user.email && collection) {
    const message = await publicationMemberMail({
      productName: ctx.env.PRODUCT_NAME,
      to: user.email,
      publicationName: collection.name,
      role,
      addedBy: ctx.viewer.user.name,
      link: `${mainOrigin(ctx.env)}/${collection.slug}`,
    });
    await mailerFor(ctx.env, ctx.db)
      .send(message)
      .catch((error: unknown) => logEvent({ event: 'publication.member_mail_failed', collectionId: collection.id, error: String(error) }, 'warn'));
  }
  return collection;
}

/** Removes a member (never the owner); answers the publication. */
export async function removePublicationMember(ctx: RequestContext, collectionId: string, userId: string): Promise<CollectionRow | null | PublicationRefusal> {
  if (!ctx.viewer.user) throw signInRequired('manage a publication');
  if (!(await isEditorOf(ctx, collectionId))) return publicationNotFound();
  await orm(ctx.db)
    .delete(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, userId), sql`${collectionMembers.role} <> 'OWNER'`));
  return ctx.loaders.collectionById.load(collectionId);
}

/** Publications the user owns or edits, by name (the avatar menu lists them). */
export async function adminCollections(ctx: RequestContext, userId: string): Promise<CollectionRow[]> {
  const rows = await orm(ctx.db)
    .select({ collection: collections })
    .from(collections)
    .innerJoin(collectionMembers, eq(collectionMembers.collectionId, collections.id))
    .where(and(eq(collectionMembers.userId, userId), inArray(collectionMembers.role, ['OWNER', 'EDITOR'])))
    .orderBy(collections.name, collections.id);
  return rows.map(({ collection }) => {
    ctx.loaders.collectionById.prime(collection.id, collection);
    return collection;
  });
}
