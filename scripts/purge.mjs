// `npm run purge -- --tag post:abc123 [--tag home] [--url https://…] [--base https://deployed.example] [--token …]`
//
// Purges stored pages from the edge cache through POST /_/admin/cache/purge (see
// worker/endpoints/admin-purge.ts). Tags: home, post:{postId}, topic:{tagSlug}, user:{userId},
// collection:{collectionId}. A URL purges that one address (tracking parameters ignored).
//
//   --base   the site (default http://localhost:8787, the local `npm start`)
//   --token  the deployment's ADMIN_PURGE_TOKEN (default: the ADMIN_PURGE_TOKEN environment
//            variable, else the development token "dev-purge-token" a local site accepts)
import { parseArgs } from 'node:util';

const DEV_PURGE_TOKEN = 'dev-purge-token';

function usage(message) {
  if (message) console.error(`purge: ${message}\n`);
  console.error('usage: npm run purge -- --tag <tag> [--tag …] [--url <url> …] [--base <site>] [--token <token>]');
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      tag: { type: 'string', multiple: true, default: [] },
      url: { type: 'string', multiple: true, default: [] },
      base: { type: 'string', default: 'http://localhost:8787' },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
} catch (error) {
  usage(error.message);
}
const { values } = parsed;
if (values.help) usage();
if (values.tag.length === 0 && values.url.length === 0) usage('give at least one --tag or --url');

let endpoint;
try {
  endpoint = new URL('/_/admin/cache/purge', values.base);
} catch {
  usage(`--base ${values.base} is not a URL`);
}
const token = values.token ?? process.env.ADMIN_PURGE_TOKEN ?? DEV_PURGE_TOKEN;

let response;
try {
  response = await fetch(endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tags: values.tag, urls: values.url }),
  });
} catch (error) {
  console.error(`purge: could not reach ${endpoint.origin}: ${error.cause?.message ?? error.message}`);
  process.exit(1);
}
const text = await response.text();
let body;
try {
  body = JSON.parse(text);
} catch {
  body = null;
}
if (!response.ok) {
  console.error(`purge: ${endpoint.href} answered ${response.status}: ${body?.error ?? text}`);
  process.exit(1);
}
const { purged, rejected, localCopiesDeleted, zone } = body;
console.log(`purged tags: ${purged.tags.length ? purged.tags.join(', ') : '(none)'}`);
for (const { url, tag } of purged.urls) console.log(`purged url:  ${url}  (${tag})`);
for (const { url, problem } of rejected) console.log(`not purged:  ${url}  (${problem})`);
console.log(`copies deleted in the data centre that answered: ${localCopiesDeleted}`);
console.log(zone ? `zone purge: ${zone.calls} call(s), ${zone.ok ? 'ok' : `failed: ${zone.errors.join('; ')}`}` : 'zone purge: no zone configured');
if (rejected.length || (zone && !zone.ok)) process.exit(1);
