// Issue 26 "What it must show": every route of the main host's table (the spec's tables,
// docs/product/3-routes-data-calls-constants.md §2, shared/routing/routes.ts) and the
// route-listed endpoints (§7.5, §7.6), opened with the demo world's ids as the person who would
// open each (anonymous, a signed-in reader, the writer, the publication's editor, staff). No
// route may answer the 404 page or a "not offered" notice, except:
//   - DELIBERATE: where the spec itself says so (a flag that is off, a page that fails on purpose);
//   - PENDING: routes being built in parallel, with their issue point. This list must only
//     shrink: a pending route that answers for real fails the test until it is taken off.
// Prints the counts (on a failing run always; on a passing one with --silent=false, or in the
// test's annotation for reporters that show them):
//   npx vitest run --project integration tests/integration/route-table.test.ts --silent=false
// One worker instance, requests sent a few at a time.
import { env, exports } from 'cloudflare:workers';
import app from '../../worker/index.ts';
import type { Env } from '../../worker/env.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROUTES, type Route } from '../../shared/routing/routes.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { issueConversion } from '../../worker/accounts/account-convert.ts';
import { catalogSlugId } from '../../shared/urls/list-urls.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { rows, seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';

const ORIGIN = 'http://localhost:8787';
const STARTED_ENV = { ...env, SIGN_IN_PROVIDERS: 'local' } as unknown as Env;
const EXECUTION = { waitUntil() {}, passThroughOnException() {}, props: {} };

type Identity = 'anonymous' | 'reader' | 'writer' | 'editor' | 'member' | 'staff' | 'list-creator';
type Outcome = 'page' | 'redirect' | 'endpoint' | 'not-found' | 'not-offered' | 'error';

/** Routes the spec itself answers with the 404 page (or an error) here, and why. */
export const DELIBERATE: Readonly<Record<string, string>> = {
  ShowOhNoes: 'docs/product/3-routes-data-calls-constants.md §2.10: the page that fails on purpose, to check the error page and reporting',
};

/**
 * Routes still being built in parallel (issue 26), reported apart. Only shrinks: the lead takes a
 * route off when its work is merged, and the test fails while a listed route already answers.
 */
export const PENDING: Readonly<Record<string, string>> = {};

interface Visit {
  name: string;
  path: string;
  as: Identity;
  host?: string;
}

/** Demo-world values for every param name of the table. */
function demoParams(world: World): Record<string, string> {
  const ada = userByUsername(world, 'ada');
  const adaPosts = rows(world, 'posts').filter((p) => p.creator_id === ada.id && p.status === 'PUBLISHED' && p.visibility === 'PUBLIC' && !p.in_response_to_post_id && !p.deleted_at);
  const post = adaPosts[0]!;
  const collection = rows(world, 'collections').find((c) => c.slug === 'the-long-read')!;
  const collectionPost = rows(world, 'posts').find((p) => p.collection_id === collection.id && p.status === 'PUBLISHED' && p.visibility === 'PUBLIC' && !p.deleted_at) ?? post;
  const tag = rows(world, 'post_tags').find((t) => t.post_id === post.id)!;
  // A public list of the writer's own making (a predefined Reading list has no public address).
  const list = rows(world, 'catalogs').find((c) => c.creator_id === ada.id && c.visibility === 'PUBLIC' && !c.predefined) ?? rows(world, 'catalogs').find((c) => c.visibility === 'PUBLIC' && !c.predefined)!;
  const listCreator = rows(world, 'users').find((u) => u.id === list.creator_id)!;
  const feature = rows(world, 'collection_feature_pages').find((f) => f.collection_id === collection.id);
  const newsletter = rows(world, 'publication_newsletters')[0]!;
  const newsletterCollection = rows(world, 'collections').find((c) => c.id === newsletter.collection_id)!;
  // A story in a publication written by the editor, which the editor may also edit.
  const editor = userByUsername(world, 'editor');
  const editorsPost = rows(world, 'posts').find((p) => p.creator_id === editor.id && p.collection_id && p.status === 'PUBLISHED' && !p.deleted_at);
  const editorsCollection = rows(world, 'collections').find((c) => c.id === editorsPost?.collection_id);
  // The writer's published series and its first part (scripts/demo-world/series.ts).
  const series = rows(world, 'series').find((r) => r.creator_id === ada.id && r.published_at)!;
  const seriesPart = rows(world, 'series_parts').find((r) => r.series_id === series.id && Number(r.position) === 1)!;
  const published = new Date(Number(post.first_published_at));
  const ymd = { year: String(published.getUTCFullYear()), month: String(published.getUTCMonth() + 1).padStart(2, '0'), day: String(published.getUTCDate()).padStart(2, '0') };
  return {
    username: String(ada.username),
    userId: String(ada.id),
    id: String(ada.id),
    postId: String(post.id),
    inResponseToPostId: String(post.id),
    repostId: String(post.id),
    collectionSlug: String(collection.slug),
    collectionId: String(collection.id),
    tagSlug: String(tag.tag_slug),
    topicSlug: String(tag.tag_slug),
    catalogSlugId: catalogSlugId({ id: String(list.id), name: String(list.name) }),
    listCreatorUsername: String(listCreator.username),
    catalogSlug: catalogSlugId({ id: String(list.id), name: String(list.name) }),
    featureSlug: String(feature!.slug),
    sectionId: String(tag.tag_slug),
    newsletterSlug: String(newsletter.slug),
    newsletterCollectionSlug: String(newsletterCollection.slug),
    newsletterId: String(newsletter.id),
    editorsPostId: String(editorsPost?.id ?? collectionPost.id),
    editorsCollectionSlug: String(editorsCollection?.slug ?? collection.slug),
    newsletterV3Id: String(ada.id),
    filterBy: 'public',
    setting: 'account',
    activeTab: 'users',
    entityName: 'writers',
    membershipType: 'MEMBER',
    step: 'start',
    tab: 'earnings',
    details: 'subscribers',
    kind: 'top-writer',
    channel: 'twitter',
    timePeriod: 'week',
    mode: 'week',
    monthDayYearSlug: `${published.toLocaleString('en', { month: 'long', timeZone: 'UTC' }).toLowerCase()}-${published.getUTCDate()}-${published.getUTCFullYear()}`,
    ...ymd,
    page: '1',
    order: 'newest',
    filter: 'all',
    category: 'posts',
    campaignSlug: 'spring-sale',
    '*': 'offer/annual',
    versionId: '1',
    baseRev: '1',
    quoteId: 'q1',
    noteId: 'n1',
    chargeId: 'c1',
    exportId: 'set in beforeAll',
    oauthApplicationId: 'a1',
    hash: 'h',
    key: 'k',
    token: 't',
    xsrf: 'x',
    sequenceSlug: String(series.slug),
    seriesId: String(series.id),
    seriesPartId: String(seriesPart.post_id),
    collectionPostId: String(collectionPost.id),
  };
}

/**
 * The GET endpoints of docs/product/3-routes-data-calls-constants.md §7.6 (the feeds, stats JSON,
 * load-more, media, the OpenSearch description, the public API's entry): opened as their user
 * would. POST-only ones (/_/batch, /p/{postId}/state/read, /_/upload) have their own tests.
 */
const ENDPOINTS: readonly { path: string; as: Identity }[] = [
  { path: '/feed/latest', as: 'anonymous' },
  { path: '/feed/{collectionSlug}', as: 'anonymous' },
  { path: '/feed/@{username}', as: 'anonymous' },
  { path: '/feed/tag/{tagSlug}', as: 'anonymous' },
  { path: '/feed/collections/{catalogSlug}', as: 'anonymous' },
  { path: '/feed/{newsletterCollectionSlug}/news', as: 'anonymous' },
  { path: '/feed/{collectionSlug}/tagged/{tagSlug}', as: 'anonymous' },
  { path: '/feed/topic/{topicSlug}', as: 'anonymous' },
  { path: '/p/{postId}/state', as: 'reader' },
  { path: '/p/notereplies/{replyId}', as: 'writer' },
  { path: '/_api/newsletters/{newsletterId}/posts', as: 'anonymous' },
  { path: '/me/stats/total/{startTimeMs}/{endTimeMs}', as: 'writer' },
  { path: '/me/stats/{postId}/{startTimeMs}/{endTimeMs}', as: 'writer' },
  { path: '/stats/{postId}/{startTimeMs}/{endTimeMs}', as: 'writer' },
  { path: '/@{username}/stats/total/{startTimeMs}/{endTimeMs}', as: 'writer' },
  { path: '/@{username}/audience/stats/export', as: 'writer' },
  { path: '/{collectionSlug}/load-more', as: 'anonymous' },
  { path: '/{collectionSlug}/stories/{filterBy}/loadMore', as: 'editor' },
  { path: '/media/{mediaResourceId}', as: 'anonymous' },
  { path: '/media/{mediaResourceId}/href', as: 'anonymous' },
  { path: '/osd.xml', as: 'anonymous' },
];

/** Who opens the route: the writer their own pages, the editor the publication's tools, staff the admin pages. */
function identityFor(route: Route): Identity {
  const path = route.path;
  if (path.startsWith('/_/')) return 'staff';
  if (/^\/topic\/\{topicSlug\}\/(edit|add-posts)$/.test(path)) return 'staff';
  if (/^\/me\/(membership\/cancel|billing-history|settings\/payment)/.test(path)) return 'member';
  if (path.startsWith('/me') || /^\/@\{username\}\/(stats|audience|partner|edit|[^/]+\/edit)/.test(path)) return 'writer';
  if (/^\/(new-story|new-series|new-publication|p\/import|m-write|s\/new|p\/\{postId\}\/(edit|revert|settings|deltas|referrers|info)|p\/\{inResponseToPostId\}|series\/\{postId\}\/edit|s\/\{sequenceSlug\}\/edit|newsletters\/|export\/)/.test(path)) return 'writer';
  if (/^\/\{collectionSlug\}\/(edit|settings|new$|new-story|new-newsletter|stats|stories|submissions|permissions|design|styles|\{topicSlug\}\/edit|\{postId\}\/edit|newsletters\/\{newsletterSlug\}\/settings)/.test(path)) return 'editor';
  if (/^\/(get-started|plans|upgrade|payment|discount|manage-membership|welcome-member|registration-form|password|unrecognized-account|partner-program-application|partner-program\/stripe)/.test(path)) return 'reader';
  return 'anonymous';
}

/** A public story's embed, named as /media names it: its paragraph id {postId}_{name} (docs/media-resources.md). */
function embedId(world: World): string {
  for (const post of rows(world, 'posts')) {
    if (post.status !== 'PUBLISHED' || post.visibility !== 'PUBLIC' || post.deleted_at || post.is_suspended || post.in_response_to_post_id) continue;
    const content = JSON.parse(String(post.content)) as { paragraphs?: { name: string; type: string }[] } | { name: string; type: string }[];
    const paragraphs = Array.isArray(content) ? content : (content.paragraphs ?? []);
    const embed = paragraphs.find((p) => p.type === 'IFRAME' || p.type === 'MIXTAPE_EMBED');
    if (embed) return `${String(post.id)}_${embed.name}`;
  }
  throw new Error('the demo world has no public story with an embed');
}

function visitsOf(world: World): Visit[] {
  const params = demoParams(world);
  const ctx = { hostKind: 'default' as const, mainOrigin: ORIGIN };
  const pages = DEFAULT_ROUTES.map((route) => {
    const needed = [...route.path.matchAll(/\{([a-zA-Z0-9]+)\}/g)].map((m) => m[1]!);
    const values: Record<string, string> = {};
    for (const name of needed) values[name] = params[name]!;
    if (route.path.includes('*')) values['*'] = params['*']!;
    if (values.exportId) values.exportId = exportId;
    // The invited reader's one-use link (docs/adr/0198-finishing-an-invited-account.md).
    if (route.name === 'ShowAccountConvert') values.token = convertToken;
    if (route.path.startsWith('/{collectionSlug}/{postId}')) values.postId = params.collectionPostId!;
    if (route.path === '/{collectionSlug}/{postId}/edit') Object.assign(values, { postId: params.editorsPostId, collectionSlug: params.editorsCollectionSlug });
    if (route.path.startsWith('/{collectionSlug}/newsletters/')) values.collectionSlug = params.newsletterCollectionSlug!;
    // A series is named by its own id (/series/{postId}), a part by the story's (/s/{sequenceSlug}/{postId}).
    if (route.path.startsWith('/series/{postId}')) values.postId = params.seriesId!;
    if (route.path === '/s/{sequenceSlug}/{postId}') values.postId = params.seriesPartId!;
    // A publication's feature pages are named by their slug.
    if (route.path === '/{collectionSlug}/{topicSlug}/home') values.topicSlug = params.featureSlug!;
    // A list is opened on its creator's profile, and as "your list" by its creator.
    if (route.name === 'ShowUserList') values.username = params.listCreatorUsername!;
    const path = buildLink(route.name, values, ctx);
    return { name: route.name, path, as: route.name === 'ShowYourList' ? ('list-creator' as const) : identityFor(route) };
  });
  const day = 86_400_000;
  const extra: Record<string, string> = {
    ...params,
    startTimeMs: String(Date.now() - 30 * day),
    endTimeMs: String(Date.now()),
    replyId: noteReplyId,
    mediaResourceId: embedId(world),
  };
  const endpoints = ENDPOINTS.map(({ path, as }) => ({
    name: `GET ${path}`,
    path: path.replace(/\{([a-zA-Z0-9]+)\}/g, (_, name: string) => encodeURIComponent(extra[name]!)),
    as,
  }));
  return [...pages, ...endpoints];
}

/** What the answer is, as a person would read it. */
function outcomeOf(status: number, pageName: string | null, html: string, isPage: boolean): Outcome {
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 404 || pageName === 'not-found') return 'not-found';
  if (status >= 500) return 'error';
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  if (/not offered|doesn(?:'|&#x27;|’)t exist/i.test(heading)) return 'not-offered';
  return isPage && status === 200 ? 'page' : 'endpoint';
}

let world: World;
let exportId = '';
/** Made in beforeAll: a bare account's link, and the writer's answer to a note left for them. */
let convertToken = '';
let noteReplyId = '';
const sessions = new Map<Identity, string>();

beforeAll(async () => {
  world = await seedDemoWorld();
  const people: Record<Exclude<Identity, 'anonymous'>, string> = {
    reader: 'reader',
    writer: 'ada',
    editor: 'editor',
    member: 'member',
    staff: 'staff',
    'list-creator': demoParams(world).listCreatorUsername!,
  };
  // What the demo world has none of until a person acts: a saved revision of the writer's story,
  // the member's payment, the writer's data export (the rows those actions write).
  const now = Date.now();
  const params = demoParams(world);
  const member = userByUsername(world, 'member');
  await env.DB.batch([
    env.DB.prepare("INSERT INTO post_revisions (post_id, rev, title, subtitle, content, created_at) SELECT id, 1, title, subtitle, content, ? FROM posts WHERE id = ?").bind(now, params.postId),
    env.DB.prepare("INSERT INTO charges (id, user_id, kind, plan, currency, amount, status, provider_ref, created_at) VALUES ('c1', ?, 'MEMBERSHIP', 'MONTHLY', 'USD', 500, 'SUCCEEDED', 'ch_route_table', ?)").bind(member.id, now),
  ]);
  // A reader invited to a newsletter has a bare account and its link (worker/accounts/account-convert.ts);
  // a reader left the writer a note on their story and the writer answered it (docs/adr/0199-notes-for-the-writer.md).
  await env.DB.prepare("INSERT INTO users (id, username, name, email, created_at) VALUES ('rt_invited', 'rt_invited_reader', 'Invited Reader', 'rt-invited@example.com', ?)").bind(now).run();
  convertToken = await issueConversion(env.DB, 'rt_invited', now);
  noteReplyId = 'rt_note_reply';
  const reader = userByUsername(world, 'reader');
  await env.DB.batch([
    env.DB.prepare("INSERT INTO highlights (id, post_id, user_id, kind, paragraph_name, start_offset, end_offset, quote, note, created_at, for_writer) SELECT 'rt_note', id, ?, 'NOTE', '0', 0, 1, 'x', 'For the writer', ?, 1 FROM posts WHERE id = ?").bind(reader.id, now, params.postId),
    env.DB.prepare("INSERT INTO note_replies (id, note_id, author_id, body, created_at) VALUES (?, 'rt_note', ?, 'Thank you', ?)").bind(noteReplyId, userByUsername(world, 'ada').id, now),
  ]);
  for (const [identity, username] of Object.entries(people)) {
    const session = await createSession(env.DB, String(userByUsername(world, username).id));
    sessions.set(identity as Identity, session.token);
    // The writer downloads their data once, as "Download my data" does (docs/adr/0085-download-my-data.md).
    if (identity === 'writer') {
      const made = await exports.default.fetch(`${ORIGIN}/me/export`, { method: 'POST', headers: { cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf } });
      exportId = ((await made.json()) as { id: string }).id;
    }
  }
}, 120_000);

async function open(visit: Visit): Promise<{ status: number; pageName: string | null; html: string }> {
  const headers = new Headers();
  const token = sessions.get(visit.as);
  if (token) headers.set('cookie', `sid=${token}`);
  // As `npm start` runs: social sign-in through the local identity provider (docs/adr/0155-social-sign-in-local-identity-provider.md).
  const response = await app.fetch(new Request(`${ORIGIN}${visit.path}`, { headers, redirect: 'manual' }), STARTED_ENV, EXECUTION as never);
  return { status: response.status, pageName: response.headers.get('x-page-name'), html: await response.text() };
}

describe('the route table, opened as its users would', () => {
  it(
    'answers every route with a page, a redirect or its endpoint; 404s only where the spec says so',
    async ({ annotate }) => {
      const visits = visitsOf(world);
      const results: (Visit & { outcome: Outcome; status: number })[] = [];
      for (let i = 0; i < visits.length; i += 6) {
        const batch = visits.slice(i, i + 6);
        const answers = await Promise.all(batch.map(open));
        batch.forEach((visit, k) => {
          const answer = answers[k]!;
          const route = DEFAULT_ROUTES.find((r) => r.name === visit.name);
          results.push({ ...visit, status: answer.status, outcome: outcomeOf(answer.status, answer.pageName, answer.html, Boolean(route?.page)) });
        });
      }
      const failing = (r: (typeof results)[number]) => r.outcome === 'not-found' || r.outcome === 'not-offered' || r.outcome === 'error';
      const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome && !DELIBERATE[r.name] && !PENDING[r.name]).length;
      const deliberate = results.filter((r) => DELIBERATE[r.name]);
      const pending = results.filter((r) => PENDING[r.name]);
      const unexpected = results.filter((r) => failing(r) && !DELIBERATE[r.name] && !PENDING[r.name]);
      const pendingDone = pending.filter((r) => !failing(r));
      const summary = (
        [
          `route table: ${results.length} addresses opened (${DEFAULT_ROUTES.length} routes of the main host's table, ${ENDPOINTS.length} GET endpoints of §7.6)`,
          `  real page: ${count('page')}`,
          `  redirect: ${count('redirect')}`,
          `  endpoint answer: ${count('endpoint')}`,
          `  deliberate 404/error: ${deliberate.length} (${deliberate.map((r) => r.name).join(', ')})`,
          `  pending (issue 26, built in parallel): ${pending.length}`,
          ...pending.map((r) => `    ${r.name} ${r.path} → ${r.status} ${r.outcome} [${PENDING[r.name]}]`),
          `  unexpected 404 / not offered / error: ${unexpected.length}`,
          ...unexpected.map((r) => `    ${r.name} ${r.path} as ${r.as} → ${r.status} ${r.outcome}`),
        ].join('\n')
      );
      // Printed for a failing run (console) and a passing one (the reporter shows annotations).
      console.info(summary);
      await annotate(summary);
      expect(unexpected.map((r) => `${r.name} ${r.path} as ${r.as} → ${r.status} ${r.outcome}`)).toEqual([]);
      expect(pendingDone.map((r) => `${r.name} answers ${r.status} ${r.outcome}: take it off PENDING`)).toEqual([]);
      for (const r of deliberate) expect(failing(r), `${r.name} is listed as deliberate but answers ${r.status}`).toBe(true);
    },
    600_000,
  );
});
