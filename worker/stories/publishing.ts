// Publishing (issue 12 item 4; docs/adr/0069-publishing.md):
// publishPost (the publish step: up to 5 tags, member-only, unlisted, a publication),
// unpublishPost, updatePostSettings (/p/{postId}/settings), and what the publish step offers
// (the publications the writer may publish or submit to, their newsletters' subscribers).
//
// Who may do what:
// - A story's author publishes, unpublishes and changes it. An owner or editor of the story's
//   publication may also publish its changes and unpublish it, keeping it where it is
//   (./story-editors.ts); its settings stay the author's. To anyone else it is NotFound.
// - Member-only (visibility LOCKED) is for writers in the Partner Program (status ACTIVE) and
//   staff: others get BadRequest.
// - Into a publication: its owner and editors publish directly; its writers submit (the story
//   is published on their profile and waits in the publication's submissions); anyone else
//   gets Forbidden.
// Every change goes through storyChanged (its pages and search records).
import { isPostLicense, type PostLicense } from '../../shared/stories/license.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { slugify } from '../../shared/format.ts';
import { orm } from '../db/orm.ts';
import { collectionMembers, collections, postTags, posts, tags, type CollectionRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { publishingRefusal } from '../accounts/account-limits.ts';
import { recordNotification } from '../notifications/notify.ts';
import { notifyFollowersOfNewStory } from '../notifications/new-story.ts';
import type { RequestContext } from '../context/request-context.ts';
import { normalizeStoryContent, writerLink } from '../../shared/editor/story-content-rules.ts';
import type { StoryNode } from './content-gate.ts';
import { DISCUSSION_CLOSED_MESSAGE } from './discussion.ts';
import { contentColumns, ownStory, workingCopy } from './drafts.ts';
import { refused, type Refusal } from './refusals.ts';
import { storyChanged } from './story-changed.ts';
import { editableStory } from './story-editors.ts';
import { recordStoryHistory, storyHistoryRow } from './story-history.ts';
import { bannedLinksIn } from './banned-links.ts';
import { refusals, type PublishingRestrictedBannedLinks } from '../context/outcomes.ts';
import { oneLine } from '../../shared/user-text.ts';

export const MAX_STORY_TOPICS = 5;
const MAX_TAG_LENGTH = 25;

export const MEMBER_ONLY_NOT_ALLOWED = 'Only writers in the Partner Program can make a story member-only.';
export const EDITOR_KEEPS_PUBLICATION = 'Only the writer can move this story to another publication or out of it.';

/** Whether the viewer may make stories member-only (Partner Program writers and staff). */
export function mayLockStories(ctx: RequestContext): boolean {
  const viewer = ctx.viewer.user;
  return !!viewer && (viewer.isStaff || viewer.partnerProgramStatus === 'ACTIVE');
}

/** Tag texts → distinct {slug, title}, or a message. */
export function storyTopics(input: readonly string[]): { slug: string; title: string }[] | string {
  const seen = new Map<string, string>();
  for (const raw of input) {
    const title = oneLine(raw);
    if (title === '') continue;
    if (title.length > MAX_TAG_LENGTH) return `A tag is at most ${MAX_TAG_LENGTH} characters.`;
    const slug = slugify(title);
    if (slug === '') return `"${title}" cannot be a tag: use letters or digits.`;
    if (!seen.has(slug)) seen.set(slug, title);
  }
  if (seen.size > MAX_STORY_TOPICS) return `Add up to ${MAX_STORY_TOPICS} tags.`;
  return [...seen].map(([slug, title]) => ({ slug, title }));
}

export interface PublishArgs {
  postId: string;
  tags: string[];
  memberOnly: boolean;
  unlisted: boolean;
  collectionId?: string | null;
  sendToSubscribers?: boolean | null;
}

export interface Published {
  post: StoryNode | null;
  /**
   * The story to email to the writer's newsletter subscribers (worker/newsletters/send-story.ts),
   * when the writer asked for it on its first listed publication; else null. The newsletter is
   * a capability above stories (it reads the story as a reader would), so the caller sends it.
   */
  newsletterStory: { postId: string; writerId: string; writerName: string; collectionId: string | null } | null;
}

/** Publishes the author's story with its newest saved revision (see the opening comment). */
export async function publishPost(ctx: RequestContext, args: PublishArgs): Promise<Published | Refusal | PublishingRestrictedBannedLinks> {
  const editable = await editableStory(ctx, args.postId, 'publish a story');
  if (!editable) return refused.notFound();
  const { post, role } = editable;
  const byEditor = role === 'PUBLICATION_EDITOR';
  const viewer = ctx.viewer.user!;
  const refusal = publishingRefusal(viewer);
  if (refusal) return refused.forbidden(refusal);
  const isResponse = post.inResponseToPostId !== null || post.inResponseToCatalogId !== null;
  const tagList = isResponse ? [] : storyTopics(args.tags);
  if (typeof tagList === 'string') return refused.badRequest(tagList);
  if (args.memberOnly && args.unlisted) return refused.badRequest('A member-only story is listed: choose member-only or unlisted.');
  // An editor publishing a member-only writer's changes keeps the story member-only.
  if (args.memberOnly && !mayLockStories(ctx) && !(byEditor && post.visibility === 'LOCKED')) return refused.badRequest(MEMBER_ONLY_NOT_ALLOWED);
  if (byEditor && !(args.collectionId && (args.collectionId === post.collectionId || args.collectionId === post.submittedCollectionId))) {
    return refused.badRequest(EDITOR_KEEPS_PUBLICATION);
  }

  // A response drafted in the editor joins its story's thread when published.
  const parent = post.inResponseToPostId ? await ctx.loaders.postById.load(post.inResponseToPostId) : null;
  if (post.inResponseToPostId && (!parent || parent.status !== 'PUBLISHED' || parent.deletedAt !== null)) return refused.badRequest('The story this responds to is no longer published.');
  if (parent?.responsesLocked && post.status !== 'PUBLISHED') return refused.badRequest(DISCUSSION_CLOSED_MESSAGE);

  const copy = await workingCopy(ctx, post);
  if (!copy) return refused.notFound();
  const content = normalizeStoryContent(JSON.parse(copy.content));
  if (copy.title === '' && !isResponse) return refused.badRequest('Give your story a title before you publish it.');
  if (content.paragraphs.length === 0) return refused.badRequest('Write something before you publish.');
  const bannedLinks = await bannedLinksIn(ctx, content);
  if (bannedLinks.length > 0) return refusals.publishingRestrictedBannedLinks(bannedLinks);

  let collectionId: string | null = post.collectionId;
  let submittedCollectionId: string | null = post.submittedCollectionId;
  if (args.collectionId && args.collectionId !== post.collectionId) {
    const [member] = await orm(ctx.db)
      .select({ role: collectionMembers.role })
      .from(collectionMembers)
      .where(and(eq(collectionMembers.collectionId, args.collectionId), eq(collectionMembers.userId, viewer.id)));
    if (!member) return refused.forbidden('You are not a writer or editor of this publication.');
    if (member.role === 'WRITER') submittedCollectionId = args.collectionId;
    else [collectionId, submittedCollectionId] = [args.collectionId, null];
  } else if (!args.collectionId) {
    [collectionId, submittedCollectionId] = [null, null];
  }

  const previousTags = (await ctx.loaders.tagsByPostId.load(post.id)).map((t) => t.slug);
  const wasPublished = post.status === 'PUBLISHED';
  const publishedAt = wasPublished && post.latestPublishedAt !== null ? post.latestPublishedAt : ctx.now;
  const q = orm(ctx.db);
  const slugs = tagList.map((t) => t.slug);
  const affectedSlugs = [...new Set([...previousTags, ...slugs])];
  await q.batch([
    q
      .update(posts)
      .set({
        status: 'PUBLISHED',
        visibility: args.memberOnly ? 'LOCKED' : args.unlisted ? 'UNLISTED' : 'PUBLIC',
        title: copy.title,
        subtitle: copy.subtitle,
        slug: slugify(copy.title),
        ...contentColumns(content),
        publishedRev: post.latestRev,
        firstPublishedAt: post.firstPublishedAt ?? ctx.now,
        latestPublishedAt: publishedAt,
        collectionId,
        submittedCollectionId,
        updatedAt: ctx.now,
      })
      .where(eq(posts.id, post.id)),
    storyHistoryRow(ctx, post.id, wasPublished ? 'republished' : 'published', post.latestRev),
    q.delete(postTags).where(eq(postTags.postId, post.id)),
    ...tagList.map((t) => q.insert(tags).values({ id: newId(), slug: t.slug, displayTitle: t.title }).onConflictDoNothing()),
    ...tagList.map((t, position) => q.insert(postTags).values({ postId: post.id, tagSlug: t.slug, position, publishedAt })),
    ...(affectedSlugs.length > 0
      ? [
          q
            .update(tags)
            .set({
              postCount: sql`(SELECT count(*) FROM ${postTags} JOIN ${posts} ON ${posts.id} = ${postTags.postId}
                WHERE ${postTags.tagSlug} = ${tags.slug} AND ${posts.status} = 'PUBLISHED' AND ${posts.deletedAt} IS NULL)`,
            })
            .where(inArray(tags.slug, affectedSlugs)),
        ]
      : []),
  ]);
  await storyChanged(ctx, post.id, { change: wasPublished ? 'republished' : 'published', previousTagSlugs: previousTags, previousCollectionId: post.collectionId });
  if (parent && !wasPublished) await responsePublished(ctx, parent, post.id);
  // Followers hear of a story once: on its first publication, when it is listed.
  const firstPublication = post.firstPublishedAt === null;
  let newsletterStory: Published['newsletterStory'] = null;
  if (firstPublication && !isResponse && !args.unlisted) {
    // Both fan out on the queue (docs/adr/0090-one-fan-out-queue.md): the request answers once its own writes are done.
    // The writer's followers hear of it whoever presses Publish; only the writer sends their newsletter.
    await notifyFollowersOfNewStory(ctx.env, { postId: post.id, writerId: post.creatorId, collectionId, now: ctx.now });
    if (args.sendToSubscribers && !byEditor) newsletterStory = { postId: post.id, writerId: viewer.id, writerName: viewer.name, collectionId };
  }
  return { post: await ctx.loaders.postById.load(post.id), newsletterStory };
}

/** The story's response count, its cached pages and its author's notification, as for a response written in the thread. */
async function responsePublished(ctx: RequestContext, parent: StoryNode, responseId: string): Promise<void> {
  await orm(ctx.db)
    .update(posts)
    .set({ responseCount: sql`(SELECT COUNT(*) FROM ${posts} AS r WHERE r.in_response_to_post_id = ${parent.id} AND r.status = 'PUBLISHED')` })
    .where(eq(posts.id, parent.id));
  await storyChanged(ctx, parent.id, { change: 'settings' });
  await recordNotification(ctx.db, { userId: parent.creatorId, actorId: ctx.viewer.user!.id, kind: 'RESPONSE', postId: responseId, now: ctx.now });
}

/** Takes the story back to drafts (its author, or an editor of its publication). */
export async function unpublishPost(ctx: RequestContext, postId: string): Promise<StoryNode | null | Refusal> {
  const editable = await editableStory(ctx, postId, 'unpublish a story');
  if (!editable) return refused.notFound();
  const { post } = editable;
  if (post.status !== 'PUBLISHED') return refused.badRequest('This story is not published.');
  const q = orm(ctx.db);
  await q.batch([q.update(posts).set({ status: 'DRAFT', publishedRev: null, updatedAt: ctx.now }).where(eq(posts.id, post.id)), storyHistoryRow(ctx, post.id, 'unpublished')]);
  await storyChanged(ctx, post.id, { change: 'unpublished' });
  return ctx.loaders.postById.load(post.id);
}

export interface SettingsArgs {
  postId: string;
  canonicalUrl?: string | null;
  responsesLocked: boolean;
  memberOnly: boolean;
  /** Unchanged when not given (shared/stories/license.ts). */
  license?: PostLicense | null;
}

/** The story's settings: canonical link, responses open or closed, member-only, license. */
export async function updatePostSettings(ctx: RequestContext, args: SettingsArgs): Promise<StoryNode | null | Refusal> {
  const post = await ownStory(ctx, args.postId, 'change a story');
  if (!post) return refused.notFound();
  let canonicalUrl: string | null = null;
  if (args.canonicalUrl && args.canonicalUrl.trim() !== '') {
    canonicalUrl = writerLink(args.canonicalUrl);
    if (!canonicalUrl || !/^https?:\/\//i.test(canonicalUrl)) return refused.badRequest('The canonical link must be a web address (http or https).');
  }
  const locked = post.visibility === 'LOCKED';
  if (args.memberOnly && !locked && !mayLockStories(ctx)) return refused.badRequest('Only writers in the Partner Program can make a story member-only.');
  const visibility = args.memberOnly ? 'LOCKED' : locked ? 'PUBLIC' : post.visibility;
  if (args.license != null && !isPostLicense(args.license)) return refused.badRequest('That is not a license this site offers.');
  const license = args.license ?? post.license;
  await orm(ctx.db).update(posts).set({ canonicalUrl, responsesLocked: args.responsesLocked, visibility, license, updatedAt: ctx.now }).where(eq(posts.id, post.id));
  await recordStoryHistory(ctx, post.id, 'settings');
  await storyChanged(ctx, post.id, { change: 'settings' });
  return ctx.loaders.postById.load(post.id);
}

/** Author only: the story's original address, when it was first published elsewhere. */
export function authorCanonicalUrl(ctx: RequestContext, post: StoryNode): string | null {
  return ctx.viewer.user?.id === post.creatorId ? post.canonicalUrl : null;
}

/** Author only: the publication the story was submitted to, waiting for an editor. */
export async function submittedCollection(ctx: RequestContext, post: StoryNode): Promise<CollectionRow | null> {
  return ctx.viewer.user?.id === post.creatorId && post.submittedCollectionId ? ctx.loaders.collectionById.load(post.submittedCollectionId) : null;
}

export interface WritablePublication {
  collection: CollectionRow;
  /** True for its owner and editors; its writers submit. */
  canPublish: boolean;
  /** Editors: its newsletter's subscribers; null without one, or for writers. */
  newsletterSubscriberCount: number | null;
}

/** Viewer only (null for anyone else): the publications the viewer may publish or submit to. */
export async function writablePublications(ctx: RequestContext, userId: string): Promise<WritablePublication[] | null> {
  if (ctx.viewer.user?.id !== userId) return null;
  const rows = await orm(ctx.db)
    .select({
      collection: collections,
      role: collectionMembers.role,
      // In the same query (not one per publication): its newsletter's subscribers, null without one.
      newsletterSubscribers: sql<number | null>`(SELECT (SELECT count(*) FROM publication_newsletter_subscriptions s WHERE s.newsletter_id = n.id)
        FROM publication_newsletters n WHERE n.collection_id = ${collections.id})`,
    })
    .from(collectionMembers)
    .innerJoin(collections, eq(collections.id, collectionMembers.collectionId))
    .where(eq(collectionMembers.userId, userId))
    .orderBy(collections.name);
  return rows.map((row) => {
    const canPublish = row.role !== 'WRITER';
    // Editors only: a writer's story never goes to the publication's newsletter.
    return { collection: row.collection, canPublish, newsletterSubscriberCount: canPublish ? row.newsletterSubscribers : null };
  });
}

/** Viewer only (null for anyone else): whether the viewer may make stories member-only. */
export function canMakeStoriesMemberOnly(ctx: RequestContext, userId: string): boolean | null {
  return ctx.viewer.user?.id === userId ? mayLockStories(ctx) : null;
}

/** Viewer only (null for anyone else): how many readers subscribe to the viewer's newsletter (the publish step's 'Send to subscribers'). */
export async function newsletterSubscriberCount(ctx: RequestContext, userId: string): Promise<number | null> {
  if (ctx.viewer.user?.id !== userId) return null;
  const row = await ctx.db.prepare('SELECT count(*) AS n FROM newsletter_subscriptions WHERE writer_id = ?').bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}
