// Replies from the fediverse (issue 30 point 4; docs/adr/0204-fediverse-replies-beside-responses.md):
// the inbox listeners for Create, Update and Delete of a Note. Fedify has verified the request's
// signature and that its key is the activity's actor's before these run; here the Note must be
// the actor's own (attributedTo) and answer a federated story (story-address.ts). What is stored
// and shown is worker/responses/fediverse-responses.ts's.
import type { InboxContext } from '@fedify/fedify';
import { Link, Note, type Create, type Delete, type Update } from '@fedify/fedify/vocab';
import { logEvent } from '../lib/log-context.ts';
import { checkRemoteAddress } from '../uploads/remote-address.ts';
import { editFediverseReply, receiveFediverseReply, removeFediverseReplies, type RemoteAuthor } from '../responses/fediverse-responses.ts';
import type { FederationData } from './federation.ts';
import { storyIdOfAddress } from './story-address.ts';
import { isRemoteActorRefusedForStory } from './refusals.ts';

type Ctx = InboxContext<FederationData>;

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A public https address (checked as every fetch is), or null. */
function publicAddress(value: URL | Link | null | undefined): string | null {
  const url = value instanceof Link ? value.href : value;
  if (!url) return null;
  return checkRemoteAddress(url.href).ok ? url.href : null;
}

/** The activity's actor as a remote author, or null when their document does not say who they are. */
async function remoteAuthor(ctx: Ctx, activity: Create | Update): Promise<RemoteAuthor | null> {
  const actor = await activity.getActor(ctx);
  if (!actor?.id || actor.id.href !== activity.actorId?.href) return null;
  const username = text(actor.preferredUsername) || actor.id.pathname.split('/').filter(Boolean).pop() || 'someone';
  let avatarUrl: string | null = null;
  try {
    avatarUrl = publicAddress((await actor.getIcon(ctx))?.url);
  } catch {
    // An icon that cannot be read leaves the initials in its place.
  }
  return {
    actorUri: actor.id.href,
    handle: `@${username}@${actor.id.host}`,
    name: text(actor.name).slice(0, 200) || username,
    profileUrl: publicAddress(actor.url) ?? actor.id.href,
    avatarUrl,
  };
}

/** The activity's Note, if it is the actor's own; null otherwise. */
async function ownNote(ctx: Ctx, activity: Create | Update): Promise<Note | null> {
  const object = await activity.getObject(ctx);
  if (!(object instanceof Note) || !object.id || !activity.actorId) return null;
  if (object.attributionId?.href !== activity.actorId.href) return null;
  return object;
}

async function context(ctx: Ctx) {
  if (!ctx.data.openContext) throw new Error('An inbox listener ran outside a request (FederationData.openContext).');
  return ctx.data.openContext();
}

export async function onCreate(ctx: Ctx, create: Create): Promise<void> {
  const note = await ownNote(ctx, create);
  if (!note?.id || !note.replyTargetId) return;
  const storyId = await storyIdOfAddress(ctx.data.env, note.replyTargetId);
  if (!storyId || !create.actorId) return;
  // The writer's (or the publication's) instance blocks refuse replies as they refuse Follows (refusals.ts).
  if (await isRemoteActorRefusedForStory(ctx.data.env.DB, create.actorId, storyId)) {
    logEvent({ event: 'federation_reply_refused', post: storyId, note: note.id.href, reason: 'instance blocked' }, 'warn');
    return;
  }
  const author = await remoteAuthor(ctx, create);
  if (!author) return;
  const refusal = await receiveFediverseReply(await context(ctx), {
    storyId,
    noteUri: note.id.href,
    url: publicAddress(note.url) ?? note.id.href,
    html: text(note.content),
    author,
  });
  logEvent({ event: refusal ? 'federation_reply_refused' : 'federation_reply', post: storyId, note: note.id.href, ...(refusal ? { reason: refusal } : {}) }, refusal ? 'warn' : 'info');
}

export async function onUpdate(ctx: Ctx, update: Update): Promise<void> {
  const note = await ownNote(ctx, update);
  if (!note?.id || !update.actorId) return;
  const refusal = await editFediverseReply(await context(ctx), { noteUri: note.id.href, authorUri: update.actorId.href, html: text(note.content) });
  if (!refusal) logEvent({ event: 'federation_reply_edited', note: note.id.href });
}

/** A Delete of a reply (its id, or a Tombstone carrying it), or of its author: read by id, never fetched. */
export async function onDelete(ctx: Ctx, del: Delete): Promise<void> {
  if (!del.objectId || !del.actorId) return;
  const removed = await removeFediverseReplies(await context(ctx), { objectUri: del.objectId.href, authorUri: del.actorId.href });
  if (removed > 0) logEvent({ event: 'federation_reply_deleted', object: del.objectId.href, removed });
}
