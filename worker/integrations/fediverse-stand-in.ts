// The local fediverse server (issue 30 point 7; docs/adr/0205-a-local-fediverse-server.md): in
// development, a second ActivityPub implementation to follow writers from, built on Fedify's own
// createFederation and memory store — none of Vellum's actor code (worker/federation/) — served by
// the worker under /_/dev/fediverse as the local Mastodon instance is under /_/dev/mastodon.
//
// It has one person, @visitor, and a page (GET /_/dev/fediverse) that lists what was delivered to
// their inbox (Accepts, Creates, Updates, Deletes…) and has buttons to follow a writer (found by
// WebFinger), reply to a story it received, and like one. Everything it keeps is in memory: a
// restart of `npm start` empties it. Its requests are real signed HTTP to the site's own
// address, which Vellum's federation accepts in development only (federationAddressCheck in
// worker/federation/network.ts).
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Federation } from '@fedify/fedify';
import { Accept, Create, Delete, Follow, Like, Note, Person, Undo, Update, type Activity } from '@fedify/fedify/vocab';
import { html } from 'hono/html';
import { isDevelopment, mainOrigin, type Env } from '../env.ts';
import { FEDIVERSE_STAND_IN_PATH } from '../federation/negotiation.ts';
import { standInPage } from '../lib/stand-in-page.ts';

export { FEDIVERSE_STAND_IN_PATH };

/** The stand-in's one person. */
export const STAND_IN_PERSON = 'visitor';
const ACTOR_PATH = `${FEDIVERSE_STAND_IN_PATH}/users/{identifier}`;
const MAX_DELIVERED = 100;

/** One activity delivered to the stand-in's inbox, as the page lists it. */
export interface Delivered {
  at: number;
  type: string;
  actor: string;
  objectType: string | null;
  objectId: string | null;
  /** An Article's title, a Note's text… */
  title: string | null;
  /** Whom a story is by (a Create of an Article): where a reply or a like goes. */
  attributedTo: string | null;
}

interface StandIn {
  federation: Federation<void>;
  delivered: Delivered[];
  keys: Promise<CryptoKeyPair>;
  sent: number;
}

let standIn: StandIn | null = null;

/** The ActivityStreams type of a vocabulary object ("Create", "Article"): its class's typeId, which bundlers cannot rename. */
function typeName(object: object): string {
  const typeId = (object.constructor as { typeId?: URL }).typeId;
  return typeId ? (typeId.hash.slice(1) || typeId.pathname.split('/').pop() || '?') : '?';
}

async function record(activity: Activity, state: StandIn): Promise<void> {
  const object = await activity.getObject().catch(() => null);
  const entry: Delivered = {
    at: Date.now(),
    type: typeName(activity),
    actor: activity.actorId?.href ?? '',
    objectType: object ? typeName(object) : null,
    objectId: object?.id?.href ?? activity.objectId?.href ?? null,
    title: object && 'name' in object && object.name ? String(object.name) : null,
    attributedTo: object && 'attributionId' in object ? ((object.attributionId as URL | null)?.href ?? null) : null,
  };
  state.delivered.unshift(entry);
  state.delivered.length = Math.min(state.delivered.length, MAX_DELIVERED);
}

function build(): StandIn {
  const state: StandIn = { federation: null as unknown as Federation<void>, delivered: [], keys: generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), sent: 0 };
  // allowPrivateAddress: this server lives on the developer's machine and talks to the site there.
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true });
  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      if (identifier !== STAND_IN_PERSON) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: 'Visitor from the local fediverse',
        url: new URL(FEDIVERSE_STAND_IN_PATH, ctx.origin),
        inbox: ctx.getInboxUri(identifier),
        publicKey: keys[0]?.cryptographicKey ?? null,
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === STAND_IN_PERSON ? [await state.keys] : []));
  const take = async (_ctx: unknown, activity: Activity) => record(activity, state);
  federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`)
    .on(Accept, take)
    .on(Create, take)
    .on(Update, take)
    .on(Delete, take)
    .on(Undo, take);
  state.federation = federation;
  return state;
}

function current(): StandIn {
  return (standIn ??= build());
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f2f0f9; color: #282c37; }
  main { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
  input, select { font: inherit; padding: 6px 8px; border: 1px solid #c0bcd6; border-radius: 4px; min-width: 0; max-width: 100%; }
  button { font: inherit; background: #6364ff; color: #fff; border: 0; border-radius: 4px; padding: 7px 14px; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; background: #fff; table-layout: fixed; }
  td, th { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e6e4f0; vertical-align: top; overflow-wrap: anywhere; }
  .notice { background: #fff; border-left: 4px solid #6364ff; padding: 8px 12px; }
`;

async function page(env: Env, state: StandIn, notice: string | null): Promise<Response> {
  const origin = mainOrigin(env);
  const stories = state.delivered.filter((d) => d.type === 'Create' && d.objectType === 'Article' && d.objectId);
  const handle = `@${STAND_IN_PERSON}@${new URL(origin).host}`;
  const body = html`<main>
    <span class="test">LOCAL FEDIVERSE SERVER</span>
    <h1>${handle}</h1>
    <p>A second ActivityPub server on your machine (Fedify, in memory). Follow a writer from here, then publish a story as them: it arrives below.</p>
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <h2>Follow a writer</h2>
    <form method="post" action="${FEDIVERSE_STAND_IN_PATH}/follow">
      <label>Handle <input name="handle" placeholder="@ada" required /></label>
      <button type="submit">Follow</button>
    </form>
    <h2>Answer a story it received</h2>
    ${stories.length === 0
      ? html`<p>No story has arrived yet.</p>`
      : html`<form method="post" action="${FEDIVERSE_STAND_IN_PATH}/reply">
            <select name="story" aria-label="Story">${stories.map((s) => html`<option value="${s.objectId}">${s.title ?? s.objectId}</option>`)}</select>
            <input name="text" aria-label="Reply" placeholder="Your reply" required />
            <button type="submit">Reply</button>
          </form>
          <form method="post" action="${FEDIVERSE_STAND_IN_PATH}/like">
            <select name="story" aria-label="Story to like">${stories.map((s) => html`<option value="${s.objectId}">${s.title ?? s.objectId}</option>`)}</select>
            <button type="submit">Like</button>
          </form>`}
    <h2>Delivered to ${handle} (${state.delivered.length})</h2>
    <table>
      <thead><tr><th style="width: 9em">When</th><th style="width: 6em">Activity</th><th>What</th><th>From</th></tr></thead>
      <tbody>
        ${state.delivered.map(
          (d) =>
            html`<tr><td>${new Date(d.at).toISOString().slice(11, 19)} UTC</td><td>${d.type}</td><td>${d.objectType ?? ''} ${d.title ? html`<strong>${d.title}</strong>` : ''}<br /><small>${d.objectId ?? ''}</small></td><td><small>${d.actor}</small></td></tr>`,
        )}
      </tbody>
    </table>
  </main>`;
  const document = await standInPage(`${handle} — local fediverse server`, STYLE, body);
  return new Response(String(document), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

function back(notice: string): Response {
  return new Response(null, { status: 303, headers: { location: `${FEDIVERSE_STAND_IN_PATH}?notice=${encodeURIComponent(notice)}`, 'cache-control': 'no-store' } });
}

/** The writer's actor address, found by WebFinger on the site (over http, as the site runs locally). */
async function writerByHandle(env: Env, handle: string): Promise<URL | null> {
  const name = handle.trim().replace(/^@/, '').split('@')[0] ?? '';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) return null;
  const origin = mainOrigin(env);
  const response = await fetch(`${origin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${name}@${new URL(origin).host}`)}`);
  if (!response.ok) return null;
  const jrd = (await response.json()) as { links?: { rel?: string; href?: string }[] };
  const self = jrd.links?.find((link) => link.rel === 'self')?.href;
  return self ? new URL(self) : null;
}

async function send(env: Env, state: StandIn, to: URL, activity: (id: URL, actor: URL) => Activity): Promise<void> {
  const ctx = state.federation.createContext(new URL(mainOrigin(env)), undefined);
  const recipient = await ctx.lookupObject(to.href);
  if (!(recipient && 'inboxId' in recipient && recipient.inboxId && recipient.id)) throw new Error(`No inbox at ${to.href}`);
  const actor = ctx.getActorUri(STAND_IN_PERSON);
  state.sent += 1;
  await ctx.sendActivity({ identifier: STAND_IN_PERSON }, { id: recipient.id, inboxId: recipient.inboxId as URL }, activity(new URL(`${actor.href}/activities/${Date.now()}-${state.sent}`), actor));
}

/** Answers a request under /_/dev/fediverse, or null (not development, not one of its addresses). */
export async function handleFediverseStandIn(request: Request, env: Env): Promise<Response | null> {
  if (!isDevelopment(env)) return null;
  const url = new URL(request.url);
  const state = current();
  if (url.pathname === FEDIVERSE_STAND_IN_PATH && request.method === 'GET') return page(env, state, url.searchParams.get('notice'));
  const action = url.pathname.slice(FEDIVERSE_STAND_IN_PATH.length);
  if (request.method === 'POST' && ['/follow', '/reply', '/like'].includes(action)) {
    const form = await request.formData();
    try {
      if (action === '/follow') {
        const writer = await writerByHandle(env, String(form.get('handle') ?? ''));
        if (!writer) return back('No writer has that handle here.');
        await send(env, state, writer, (id, actor) => new Follow({ id, actor, object: writer }));
        return back(`Follow sent to ${writer.href}.`);
      }
      const story = state.delivered.find((d) => d.objectId === String(form.get('story') ?? '') && d.attributedTo);
      if (!story?.objectId || !story.attributedTo) return back('Pick a story it received.');
      const storyId = new URL(story.objectId);
      if (action === '/reply') {
        const text = String(form.get('text') ?? '').slice(0, 2000);
        await send(env, state, new URL(story.attributedTo), (id, actor) => new Create({ id, actor, object: new Note({ id: new URL(`${id.href}/note`), attribution: actor, replyTarget: storyId, content: `<p>${escapeHtml(text)}</p>` }) }));
        return back(`Reply sent to “${story.title ?? story.objectId}”.`);
      }
      await send(env, state, new URL(story.attributedTo), (id, actor) => new Like({ id, actor, object: storyId }));
      return back(`Like sent for “${story.title ?? story.objectId}”.`);
    } catch (error) {
      return back(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // The person, their inbox: Fedify answers (and verifies what is delivered).
  return state.federation.fetch(request, { contextData: undefined, onNotFound: () => new Response('Not found', { status: 404 }) });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
