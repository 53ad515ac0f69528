// Publishing (issue 12 item 4; docs/adr/0011-editor-and-content-mapping.md "Publishing"):
// publishPost (the publish step: up to 5 tags, member-only, unlisted, a publication),
// unpublishPost, updatePostSettings (/p/{postId}/settings), and the writer's own lists of
// /me/stories/{drafts,public,unlisted,responses}.
//
// Who may do what:
// - Only a story's author publishes, unpublishes or changes it; to anyone else it is NotFound.
// - Member-only (visibility LOCKED) is for writers in the Partner Program (status ACTIVE) and
//   staff: others get BadRequest.
// - Into a publication: its owner and editors publish directly; its writers submit (the story
//   is published on their profile and waits in the publication's submissions); anyone else
//   gets Forbidden.
// Every change goes through storyChanged (cache purge; search indexing at merge).
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { slugify } from '../../../shared/format.ts';
import { orm } from '../../db/orm.ts';
import { collectionMembers, collections, postTags, posts, tags, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { storyChanged } from '../../stories/story-changed.ts';
import { publishingRefusal } from '../../accounts/account-limits.ts';
import { recordNotification } from '../../notifications/notify.ts';
import { notifyFollowersOfNewStory } from '../../notifications/new-story.ts';
import { sendStoryToSubscribers } from '../../newsletters/send-story.ts';
import { DISCUSSION_CLOSED_MESSAGE } from './responses.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { pageOf, pageRequest, type PagingOptions } from '../../context/paging.ts';
import { sealPostNode, type PostNode } from '../../stories/content-gate.ts';
import { contentColumns, ownStory, workingCopy } from './drafts.ts';
import type { SchemaModule } from './schema-module.ts';
import { normalizeStoryContent } from '../../../shared/editor/story-content-rules.ts';
import { writerLink } from '../../../shared/editor/story-content-rules.ts';

export const MAX_STORY_TAGS = 5;
const MAX_TAG_LENGTH = 25;

const typeDefs = /* GraphQL */ `
  union PublishPostResult = Post | NotFound | BadRequest | Forbidden
  union PostSettingsResult = Post | NotFound | BadRequest

  "The writer's own lists (/me/stories/{filterBy})."
  enum YourStoriesFilter {
    DRAFTS
    PUBLIC
    UNLISTED
    RESPONSES
  }

  type Post {
    "Author only: the story's original address, when it was first published elsewhere."
    canonicalUrl: String
    "Author only: the publication the story was submitted to, waiting for an editor."
    submittedCollection: Collection
  }

  "A publication the viewer writes for, and whether they publish to it or submit."
  type WritablePublication {
    collection: Collection!
    "True for its owner and editors; its writers submit."
    canPublish: Boolean!
    "Editors: the subscribers of the publication's newsletter a story they publish there can be sent to; null without one, or for writers."
    newsletterSubscriberCount: Int
  }

  type User {
    "Viewer only: the viewer's stories of one kind, newest first."
    yourStoriesConnection(filter: YourStoriesFilter!, paging: PagingOptions): PostConnection
    "Viewer only: the publications the viewer may publish or submit to."
    writablePublications: [WritablePublication!]
    "Viewer only: whether the viewer may make stories member-only (Partner Program writers)."
    canMakeStoriesMemberOnly: Boolean
    "Viewer only: how many readers subscribe to the viewer's newsletter (the publish step's 'Send to subscribers')."
    newsletterSubscriberCount: Int
  }

  type Mutation {
    """
    Publishes the author's story with its newest saved revision: up to 5 tags, member-only
    (Partner Program writers), unlisted, into a publication (editors) or submitted to it
    (writers). Publishing a published story applies its saved changes. sendToSubscribers emails
    it to the writer's newsletter subscribers on its first listed publication (once per story).
    """
    publishPost(postId: ID!, tags: [String!]!, memberOnly: Boolean!, unlisted: Boolean!, collectionId: ID, sendToSubscribers: Boolean = false): PublishPostResult!
    "Takes the author's story back to drafts."
    unpublishPost(postId: ID!): PublishPostResult!
    "The story's settings: canonical link, responses open or closed, member-only."
    updatePostSettings(postId: ID!, canonicalUrl: String, responsesLocked: Boolean!, memberOnly: Boolean!): PostSettingsResult!
  }
`;

const notFound = () => ({ __typename: 'NotFound', message: 'This story does not exist.' });
const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const forbidden = (message: string) => ({ __typename: 'Forbidden', message });

export const MEMBER_ONLY_NOT_ALLOWED = 'Only writers in the Partner Program can make a story member-only.';

function mayLockStories(ctx: RequestContext): boolean {
  const viewer = ctx.viewer.user;
  return !!viewer && (viewer.isStaff || viewer.partnerProgramStatus === 'ACTIVE');
}

/** Tag texts → distinct {slug, title}, or a message. */
export function storyTags(input: readonly string[]): { slug: string; title: string }[] | string {
  const seen = new Map<string, string>();
  for (const raw of input) {
    const title = raw.replace(/\s+/g, ' ').trim();
    if (title === '') continue;
    if (title.length > MAX_TAG_LENGTH) return `A tag is at most ${MAX_TAG_LENGTH} characters.`;
    const slug = slugify(title);
    if (slug === '') return `"${title}" cannot be a tag: use letters or digits.`;
    if (!seen.has(slug)) seen.set(slug, title);
  }
  if (seen.size > MAX_STORY_TAGS) return `Add up to ${MAX_STORY_TAGS} tags.`;
  return [...seen].map(([slug, title]) => ({ slug, title }));
}

interface PublishArgs {
  postId: string;
  tags: string[];
  memberOnly: boolean;
  unlisted: boolean;
  collectionId?: string | null;
  sendToSubscribers?: boolean | null;
}

async function publishPost(_root: unknown, args: PublishArgs, ctx: RequestContext) {
  const post = await ownStory(ctx, args.postId, 'publish a story');
  if (!post) return notFound();
  const viewer = ctx.viewer.user!;
  const refusal = publishingRefusal(viewer);
  if (refusal) return forbidden(refusal);
  const isResponse = post.inResponseToPostId !== null || post.inResponseToCatalogId !== null;
  const tagList = isResponse ? [] : storyTags(args.tags);
  if (typeof tagList === 'string') return badRequest(tagList);
  if (args.memberOnly && args.unlisted) return badRequest('A member-only story is listed: choose member-only or unlisted.');
  if (args.memberOnly && !mayLockStories(ctx)) return badRequest(MEMBER_ONLY_NOT_ALLOWED);

  // A response drafted in the editor joins its story's thread when published.
  const parent = post.inResponseToPostId ? await ctx.loaders.postById.load(post.inResponseToPostId) : null;
  if (post.inResponseToPostId && (!parent || parent.status !== 'PUBLISHED' || parent.deletedAt !== null)) return badRequest('The story this responds to is no longer published.');
  if (parent?.responsesLocked && post.status !== 'PUBLISHED') return badRequest(DISCUSSION_CLOSED_MESSAGE);

  const copy = await workingCopy(ctx, post);
  if (!copy) return notFound();
  const content = normalizeStoryContent(JSON.parse(copy.content));
  if (copy.title === '' && !isResponse) return badRequest('Give your story a title before you publish it.');
  if (content.paragraphs.length === 0) return badRequest('Write something before you publish.');

  let collectionId: string | null = post.collectionId;
  let submittedCollectionId: string | null = post.submittedCollectionId;
  if (args.collectionId && args.collectionId !== post.collectionId) {
    const [member] = await orm(ctx.db)
      .select({ role: collectionMembers.role })
      .from(collectionMembers)
      .where(and(eq(collectionMembers.collectionId, args.collectionId), eq(collectionMembers.userId, viewer.id)));
    if (!member) return forbidden('You are not a writer or editor of this publication.');
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
  if (firstPublication && !isResponse && !args.unlisted) {
    // Both fan out on the queue (docs/adr/0015-scale.md): the request answers once its own writes are done.
    await notifyFollowersOfNewStory(ctx.env, { postId: post.id, writerId: viewer.id, collectionId, now: ctx.now });
    if (args.sendToSubscribers) await sendStoryToSubscribers(ctx.env, { postId: post.id, writerId: viewer.id, writerName: viewer.name, collectionId }, ctx.now);
  }
  return ctx.loaders.postById.load(post.id);
}

/** The story's response count, its cached pages and its author's notification, as for a response written in the thread. */
async function responsePublished(ctx: RequestContext, parent: PostNode, responseId: string): Promise<void> {
  await orm(ctx.db)
    .update(posts)
    .set({ responseCount: sql`(SELECT COUNT(*) FROM ${posts} AS r WHERE r.in_response_to_post_id = ${parent.id} AND r.status = 'PUBLISHED')` })
    .where(eq(posts.id, parent.id));
  await storyChanged(ctx, parent.id, { change: 'settings' });
  await recordNotification(ctx.db, { userId: parent.creatorId, actorId: ctx.viewer.user!.id, kind: 'RESPONSE', postId: responseId, now: ctx.now });
}

async function unpublishPost(_root: unknown, args: { postId: string }, ctx: RequestContext) {
  const post = await ownStory(ctx, args.postId, 'unpublish a story');
  if (!post) return notFound();
  if (post.status !== 'PUBLISHED') return badRequest('This story is not published.');
  await orm(ctx.db).update(posts).set({ status: 'DRAFT', publishedRev: null, updatedAt: ctx.now }).where(eq(posts.id, post.id));
  await storyChanged(ctx, post.id, { change: 'unpublished' });
  return ctx.loaders.postById.load(post.id);
}

interface SettingsArgs {
  postId: string;
  canonicalUrl?: string | null;
  responsesLocked: boolean;
  memberOnly: boolean;
}

async function updatePostSettings(_root: unknown, args: SettingsArgs, ctx: RequestContext) {
  const post = await ownStory(ctx, args.postId, 'change a story');
  if (!post) return notFound();
  let canonicalUrl: string | null = null;
  if (args.canonicalUrl && args.canonicalUrl.trim() !== '') {
    canonicalUrl = writerLink(args.canonicalUrl);
    if (!canonicalUrl || !/^https?:\/\//i.test(canonicalUrl)) return badRequest('The canonical link must be a web address (http or https).');
  }
  const locked = post.visibility === 'LOCKED';
  if (args.memberOnly && !locked && !mayLockStories(ctx)) return badRequest('Only writers in the Partner Program can make a story member-only.');
  const visibility = args.memberOnly ? 'LOCKED' : locked ? 'PUBLIC' : post.visibility;
  await orm(ctx.db).update(posts).set({ canonicalUrl, responsesLocked: args.responsesLocked, visibility, updatedAt: ctx.now }).where(eq(posts.id, post.id));
  await storyChanged(ctx, post.id, { change: 'settings' });
  return ctx.loaders.postById.load(post.id);
}

type Filter = 'DRAFTS' | 'PUBLIC' | 'UNLISTED' | 'RESPONSES';

function filterWhere(filter: Filter): SQL[] {
  const story = [isNull(posts.inResponseToPostId), isNull(posts.inResponseToCatalogId)];
  switch (filter) {
    case 'DRAFTS':
      return [eq(posts.status, 'DRAFT'), ...story];
    case 'PUBLIC':
      return [eq(posts.status, 'PUBLISHED'), inArray(posts.visibility, ['PUBLIC', 'LOCKED']), ...story];
    case 'UNLISTED':
      return [eq(posts.status, 'PUBLISHED'), eq(posts.visibility, 'UNLISTED'), ...story];
    case 'RESPONSES':
      return [eq(posts.status, 'PUBLISHED'), or(isNotNull(posts.inResponseToPostId), isNotNull(posts.inResponseToCatalogId))!];
  }
}

async function yourStoriesConnection(user: { id: string }, args: { filter: Filter; paging?: PagingOptions | null }, ctx: RequestContext) {
  if (ctx.viewer.user?.id !== user.id) return null;
  const request = pageRequest(args.paging);
  const conditions = [eq(posts.creatorId, user.id), isNull(posts.deletedAt), ...filterWhere(args.filter)];
  if (request.after) {
    const { sortKey: at, id } = request.after;
    conditions.push(or(lt(posts.updatedAt, at), and(eq(posts.updatedAt, at), lt(posts.id, id)))!);
  }
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...conditions))
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(request.limit + 1);
  for (const row of rows) ctx.loaders.userById.prime(row.creator.id, row.creator);
  const nodes: PostNode[] = rows.map((row) => sealPostNode(row.post));
  const page = pageOf(nodes, request, (post) => ({ sortKey: post.updatedAt, id: post.id }));
  return { posts: page.items, pagingInfo: page.pagingInfo };
}

export const publishingModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublishPostResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'Post' },
    PostSettingsResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'Post' },
    Post: {
      canonicalUrl: (post: PostNode, _a: unknown, ctx: RequestContext) => (ctx.viewer.user?.id === post.creatorId ? post.canonicalUrl : null),
      submittedCollection: (post: PostNode, _a: unknown, ctx: RequestContext) =>
        ctx.viewer.user?.id === post.creatorId && post.submittedCollectionId ? ctx.loaders.collectionById.load(post.submittedCollectionId) : null,
    },
    User: {
      yourStoriesConnection,
      writablePublications: async (user: { id: string }, _a: unknown, ctx: RequestContext) => {
        if (ctx.viewer.user?.id !== user.id) return null;
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
          .where(eq(collectionMembers.userId, user.id))
          .orderBy(collections.name);
        return rows.map((row) => {
          const canPublish = row.role !== 'WRITER';
          // Editors only: a writer's story never goes to the publication's newsletter.
          return { collection: row.collection, canPublish, newsletterSubscriberCount: canPublish ? row.newsletterSubscribers : null };
        });
      },
      canMakeStoriesMemberOnly: (user: { id: string }, _a: unknown, ctx: RequestContext) => (ctx.viewer.user?.id === user.id ? mayLockStories(ctx) : null),
      newsletterSubscriberCount: async (user: { id: string }, _a: unknown, ctx: RequestContext) => {
        if (ctx.viewer.user?.id !== user.id) return null;
        const row = await ctx.db.prepare('SELECT count(*) AS n FROM newsletter_subscriptions WHERE writer_id = ?').bind(user.id).first<{ n: number }>();
        return row?.n ?? 0;
      },
    },
    Mutation: { publishPost, unpublishPost, updatePostSettings },
  },
};


