// Topic curators' pages (docs/product/3-routes-data-calls-constants.md §2.1; docs/reader.md,
// "Topic curators"):
//   GET/POST /topic/{topicSlug}/edit       the topic's description and featured stories
//   GET/POST /topic/{topicSlug}/add-posts  add published stories to the topic
// For staff (not a spoofed session) and the topic's named curators (topic_curators); everyone
// else gets the ordinary 404 page, as if the address did not exist. Server-rendered HTML of their
// own, like the other staff tools (./staff-pages.ts): never cached. Who may curate, the reads
// and the writes are worker/topics/topic-curation.ts; a change purges the topic's cached pages
// (and, for added stories, every page that shows the story) before answering.
import type { Context, Hono, Next } from 'hono';
import { html } from 'hono/html';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { Env } from '../env.ts';
import { STAFF_PAGE_HEADERS } from './staff-pages.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { MAX_TAGS } from '../api/v1/create-story.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { resolveViewer, type RequestViewer } from '../session/viewer.ts';
import {
  addStoriesToTopic,
  curatedTopic,
  featuredStories,
  MAX_FEATURED_STORIES,
  MAX_TOPIC_DESCRIPTION,
  newestStories,
  publishedStories,
  saveTopicPage,
  topicsOfStories,
  type CuratedTopic,
  type StoryLine,
} from '../topics/topic-curation.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { curationStatuses } from '../topics/curation-status.ts';
import { CURATION_STATUS_LABELS, type CurationStatus } from '../../shared/stories/curation-status.ts';

type AppContext = Context<{ Bindings: Env }>;

/** Stories one add-posts form adds. */
export const MAX_ADDED_STORIES = 25;
/** The form body's size cap: the references above with room to spare. */
const MAX_FORM_BYTES = 16 * 1024;

/** The topic and the viewer, when the viewer may curate it; null sends the request on to the 404 page. */
async function curatorOf(c: AppContext): Promise<{ viewer: RequestViewer; topic: CuratedTopic } | null> {
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const topic = await curatedTopic(c.env.DB, viewer, c.req.param('topicSlug') ?? '');
  return topic ? { viewer, topic } : null;
}

/** A story address or id, one per line, to the story id ("https://…/p/1a2b…", "/@ada/title-1a2b…", "1a2b…"). */
export function storyIdsFromLines(text: string): string[] {
  const ids: string[] = [];
  for (const raw of text.split(/[\r\n]+/)) {
    const line = raw.trim();
    if (!line) continue;
    let path = line;
    try {
      if (/^https?:\/\//i.test(line)) path = new URL(line).pathname;
    } catch {
      // Not an address: read the line as it is.
    }
    const segment = path.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? '';
    const id = postIdFromParam(segment.toLowerCase());
    if (id && !ids.includes(id)) ids.push(id);
    else if (!id) ids.push(`invalid:${line.slice(0, 80)}`);
  }
  return ids;
}

function layout(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} – Vellum</title>
    <style>
      body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #242424; }
      main { max-width: 720px; margin: 40px auto; padding: 0 24px; }
      h1 { font-size: 28px; margin-bottom: 4px; } nav a { margin-right: 16px; color: #1a8917; }
      label { display: block; font-weight: 500; margin: 20px 0 6px; } .hint { color: #6b6b6b; font-size: 13px; margin: 0 0 6px; }
      textarea { width: 100%; box-sizing: border-box; font: 14px/1.5 ui-monospace, monospace; padding: 8px; border: 1px solid #ccc; border-radius: 4px; }
      button { font: inherit; margin-top: 16px; padding: 6px 18px; border-radius: 99em; border: 1px solid #1a8917; background: #1a8917; color: #fff; cursor: pointer; }
      ol, ul { padding-left: 22px; } .notice { padding: 10px 14px; border-radius: 4px; background: #eef8ee; } .problem { background: #fbeaea; color: #a12; }
    </style>
  </head>
  <body><main>${body}</main></body>
</html>`;
}

function storyItem(story: StoryLine, status?: CurationStatus) {
  return html`<li><a href="/p/${story.id}">${story.title || 'Untitled story'}</a> <span class="hint">by @${story.username} · ${story.id}</span>${
    status ? html` <span class="hint" data-curation-status="${status}">${CURATION_STATUS_LABELS[status]}</span>` : ''
  }</li>`;
}

function heading(topic: CuratedTopic, current: 'edit' | 'add-posts') {
  return html`<h1>${topic.display_title}</h1>
    <nav>
      <a href="/tag/${topic.slug}">View topic</a>
      ${current === 'edit' ? html`<a href="/topic/${topic.slug}/add-posts">Add stories</a>` : html`<a href="/topic/${topic.slug}/edit">Edit topic</a>`}
    </nav>`;
}

function messages(notice: string | null, problems: readonly string[]) {
  return html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    ${problems.length ? html`<div class="notice problem" role="alert"><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : ''}`;
}

async function editPage(c: AppContext, topic: CuratedTopic, viewer: RequestViewer, notice: string | null, problems: readonly string[], status = 200): Promise<Response> {
  const featured = await featuredStories(c.env.DB, topic.slug);
  const body = html`${heading(topic, 'edit')}
    ${messages(notice, problems)}
    <form method="post" action="/topic/${topic.slug}/edit">
      <input type="hidden" name="xsrf" value="${viewer.xsrf ?? ''}" />
      <label for="description">Description</label>
      <p class="hint">Shown under the topic's name. At most ${MAX_TOPIC_DESCRIPTION} characters.</p>
      <textarea id="description" name="description" rows="3" maxlength="${MAX_TOPIC_DESCRIPTION}">${topic.description}</textarea>
      <label for="featured">Featured stories</label>
      <p class="hint">One story address or id a line, in the order readers see them. At most ${MAX_FEATURED_STORIES}; published stories only.</p>
      <textarea id="featured" name="featured" rows="6">${featured.map((s) => `/p/${s.id}`).join('\n')}</textarea>
      <button type="submit">Save</button>
    </form>
    <h2>Featured now</h2>
    ${featured.length ? html`<ol data-testid="featured-stories">${featured.map((s) => storyItem(s))}</ol>` : html`<p class="hint">No featured stories.</p>`}`;
  return new Response(String(await layout(`Edit ${topic.display_title}`, body)), { status, headers: STAFF_PAGE_HEADERS });
}

async function addPostsPage(c: AppContext, topic: CuratedTopic, viewer: RequestViewer, notice: string | null, problems: readonly string[], status = 200): Promise<Response> {
  const newest = await newestStories(c.env.DB, topic.slug);
  // Each story's curation status, as its curators judge what to feature (docs/reader.md, Curation status).
  const statuses = await curationStatuses(c.env.DB, newest.map((s) => s.id));
  const body = html`${heading(topic, 'add-posts')}
    ${messages(notice, problems)}
    <form method="post" action="/topic/${topic.slug}/add-posts">
      <input type="hidden" name="xsrf" value="${viewer.xsrf ?? ''}" />
      <label for="stories">Stories to add</label>
      <p class="hint">One story address or id a line, at most ${MAX_ADDED_STORIES}. A story keeps at most ${MAX_TAGS} topics.</p>
      <textarea id="stories" name="stories" rows="6"></textarea>
      <button type="submit">Add stories</button>
    </form>
    <h2>Newest in ${topic.display_title}</h2>
    ${newest.length ? html`<ul data-testid="topic-newest">${newest.map((s) => storyItem(s, statuses.get(s.id)))}</ul>` : html`<p class="hint">No stories yet.</p>`}`;
  return new Response(String(await layout(`Add stories to ${topic.display_title}`, body)), { status, headers: STAFF_PAGE_HEADERS });
}

/** The form of a same-origin POST carrying the viewer's anti-forgery marker, or a refusal. */
async function curatorForm(c: AppContext, viewer: RequestViewer): Promise<FormData | Response> {
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  if (Number(c.req.header('content-length') ?? 0) > MAX_FORM_BYTES) return c.text('Payload Too Large', 413);
  const text = await c.req.text();
  if (text.length > MAX_FORM_BYTES) return c.text('Payload Too Large', 413);
  const form = new URLSearchParams(text);
  const xsrf = form.get('xsrf');
  if (!xsrf || !viewer.xsrf || !(await timingSafeEqual(xsrf, viewer.xsrf))) return c.text('Forbidden', 403);
  const data = new FormData();
  for (const [key, value] of form) data.append(key, value);
  return data;
}

async function showEdit(c: AppContext, next: Next): Promise<Response | void> {
  const curator = await curatorOf(c);
  if (!curator) return next();
  return editPage(c, curator.topic, curator.viewer, c.req.query('saved') === '1' ? 'Saved.' : null, []);
}

async function saveEdit(c: AppContext, next: Next): Promise<Response | void> {
  const curator = await curatorOf(c);
  if (!curator) return next();
  const { topic, viewer } = curator;
  const form = await curatorForm(c, viewer);
  if (form instanceof Response) return form;
  const description = String(form.get('description') ?? '').replace(/\s+/g, ' ').trim();
  const refs = storyIdsFromLines(String(form.get('featured') ?? ''));
  const problems: string[] = [];
  if (description.length > MAX_TOPIC_DESCRIPTION) problems.push(`The description is longer than ${MAX_TOPIC_DESCRIPTION} characters.`);
  const invalid = refs.filter((r) => r.startsWith('invalid:'));
  for (const r of invalid) problems.push(`“${r.slice('invalid:'.length)}” is not a story address.`);
  const ids = refs.filter((r) => !r.startsWith('invalid:'));
  if (ids.length > MAX_FEATURED_STORIES) problems.push(`At most ${MAX_FEATURED_STORIES} featured stories.`);
  const stories = problems.length ? [] : await publishedStories(c.env.DB, ids);
  for (const id of problems.length ? [] : ids) if (!stories.some((s) => s.id === id)) problems.push(`No published story ${id}.`);
  // Nothing is written unless the whole form is valid.
  if (problems.length) return editPage(c, { ...topic, description }, viewer, null, problems, 400);
  await saveTopicPage(requestContextFor({ db: c.env.DB, env: c.env, viewer }), topic, description, stories, viewer.user!.id);
  return new Response(null, { status: 303, headers: { location: `/topic/${topic.slug}/edit?saved=1`, 'cache-control': 'no-store' } });
}

async function showAddPosts(c: AppContext, next: Next): Promise<Response | void> {
  const curator = await curatorOf(c);
  if (!curator) return next();
  const added = Number(c.req.query('added') ?? NaN);
  return addPostsPage(c, curator.topic, curator.viewer, Number.isInteger(added) && added >= 0 ? `Added ${added} ${added === 1 ? 'story' : 'stories'}.` : null, []);
}

async function saveAddPosts(c: AppContext, next: Next): Promise<Response | void> {
  const curator = await curatorOf(c);
  if (!curator) return next();
  const { topic, viewer } = curator;
  const form = await curatorForm(c, viewer);
  if (form instanceof Response) return form;
  const refs = storyIdsFromLines(String(form.get('stories') ?? ''));
  const problems: string[] = [];
  for (const r of refs.filter((r) => r.startsWith('invalid:'))) problems.push(`“${r.slice('invalid:'.length)}” is not a story address.`);
  const ids = refs.filter((r) => !r.startsWith('invalid:'));
  if (ids.length === 0 && problems.length === 0) problems.push('Name at least one story.');
  if (ids.length > MAX_ADDED_STORIES) problems.push(`At most ${MAX_ADDED_STORIES} stories at a time.`);
  const stories = problems.length ? [] : await publishedStories(c.env.DB, ids);
  for (const id of problems.length ? [] : ids) if (!stories.some((s) => s.id === id)) problems.push(`No published story ${id}.`);
  let topicsOf = new Map<string, string[]>();
  if (!problems.length) {
    topicsOf = await topicsOfStories(c.env.DB, ids);
    for (const s of stories) {
      const current = topicsOf.get(s.id) ?? [];
      if (!current.includes(topic.slug) && current.length >= MAX_TAGS) problems.push(`“${s.title}” already has ${MAX_TAGS} topics.`);
    }
  }
  if (problems.length) return addPostsPage(c, topic, viewer, null, problems, 400);
  const toAdd = stories.filter((s) => !(topicsOf.get(s.id) ?? []).includes(topic.slug));
  await addStoriesToTopic(requestContextFor({ db: c.env.DB, env: c.env, viewer }), topic, toAdd, topicsOf);
  return new Response(null, { status: 303, headers: { location: `/topic/${topic.slug}/add-posts?added=${toAdd.length}`, 'cache-control': 'no-store' } });
}

export function mountTopicCurator(app: Hono<{ Bindings: Env }>): void {
  app.get('/topic/:topicSlug/edit', showEdit);
  app.post('/topic/:topicSlug/edit', saveEdit);
  app.get('/topic/:topicSlug/add-posts', showAddPosts);
  app.post('/topic/:topicSlug/add-posts', saveAddPosts);
}
