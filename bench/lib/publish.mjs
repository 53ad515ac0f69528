// A writer publishing through the site's own GraphQL, for the scale benches that measure what a
// publish sets off (bench/scale-fanout.bench.mjs, bench/scale-federation.bench.mjs).
import { request as httpRequest } from 'node:http';
import { signIn } from './d1-local.mjs';

/**
 * A POST on a connection of its own: d1Execute blocks the event loop while wrangler runs, the
 * site closes the idle kept-alive connection meanwhile, and fetch() would send the next request
 * on it ("other side closed").
 */
function postOnNewConnection(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** GraphQL as the named user: each call answers its body, its time and its D1 statements. */
export function signedInGraphql(site, username) {
  const { cookie, xsrf } = signIn(site.stateDir, username);
  return async (query, variables) => {
    const started = performance.now();
    const res = await postOnNewConnection(`${site.baseURL}/_/graphql`, { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf }, JSON.stringify({ query, variables }));
    const body = JSON.parse(res.text);
    if (res.status !== 200 || body.errors) throw new Error(`GraphQL ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
    return { body, ms: performance.now() - started, queries: Number(res.headers['x-d1-queries']) };
  };
}

/** Saves a one-paragraph draft and answers its post id. */
export async function saveOneParagraphDraft(gql, title, text) {
  const content = JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text, markups: [] }] });
  const saved = await gql('mutation($t: String!, $c: String!) { saveDraft(postId: null, baseRev: 0, title: $t, subtitle: "", contentJson: $c) { __typename ... on DraftSaved { post { id } } } }', { t: title, c: content });
  return saved.body.data.saveDraft.post.id;
}

/** Publishes a draft as a public story; `sendToSubscribers` mails the newsletter too. */
export function publishStory(gql, postId, { sendToSubscribers = false } = {}) {
  return gql(`mutation($id: ID!) { publishPost(postId: $id, tags: [], memberOnly: false, unlisted: false${sendToSubscribers ? ', sendToSubscribers: true' : ''}) { __typename } }`, { id: postId });
}
