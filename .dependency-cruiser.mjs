// The boundaries of the code (docs/adr/0040-boundaries-checked.md: worker/, client/ and shared/;
// docs/adr/0018-layers.md: the layers inside them, and imports running one way), checked by
// `npm test` (tests/unit/boundaries/boundaries.test.ts) and by `npm run check:boundaries`.
// Paths are relative to the folder the check runs in: the repository, or a test fixture.

// ---- The layers (docs/adr/0018-layers.md), from the bottom: the one place they are written ----

/** Worker folders (and root files) by layer. A file imports only its own layer or the layers below. */
export const WORKER_LAYERS = [
  { name: 'foundation', members: ['lib', 'env.ts', 'db', 'generated'] },
  {
    name: 'capabilities',
    members: [
      'context', 'host', 'session', 'auth', 'accounts', 'stories', 'responses', 'claps', 'follows', 'lists', 'series',
      'highlights', 'topics', 'discovery', 'membership', 'payments', 'partner', 'newsletters', 'publications',
      'notifications', 'stats', 'events', 'reports', 'uploads', 'images', 'mail', 'integrations', 'trash', 'reading',
      'hardening', 'cache', 'search', 'queues', 'federation',
    ],
  },
  { name: 'consequences', members: ['consequences'] },
  { name: 'surfaces', members: ['graphql', 'api', 'oauth', 'feeds', 'pages', 'endpoints'] },
  { name: 'composition', members: ['pipeline', 'jobs', 'index.ts'] },
];

/** Client folders by layer, from the bottom (docs/adr/0018-layers.md). */
export const CLIENT_LAYERS = [
  { name: 'app', members: ['app', 'events', 'editor'] },
  { name: 'components', members: ['components'] },
  { name: 'layouts', members: ['layouts'] },
  { name: 'pages', members: ['pages'] },
  { name: 'composition', members: ['server', 'entry.tsx', 'entry.server.tsx'] },
];

/**
 * The folder a module counts as for folder cycles: the FIRST level under worker/, client/ or
 * shared/ (worker/graphql/modules/x.ts is worker/graphql); a root file (worker/index.ts) is itself.
 */
export const FOLDER_LEVEL = '^(worker|client|shared)/[^/]+';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A path regex matching the members of the given layers under `root` (a folder, or a root file). */
const membersPath = (root, layers) =>
  `^${root}/(${layers.flatMap((layer) => layer.members).map((member) => (/\.tsx?$/.test(member) ? `${escape(member)}$` : `${escape(member)}/`)).join('|')})`;

/** One rule per layer: nothing in it imports a layer above it. */
function layerRules(root, layers) {
  return layers.slice(0, -1).map((layer, index) => ({
    name: `${root}-${layer.name}-imports-no-layer-above`,
    comment: `docs/adr/0018-layers.md: ${root}/'s ${layer.name} import only their own layer and the layers below (${layers.slice(index + 1).map((l) => l.name).join(', ')} are above).`,
    severity: 'error',
    from: { path: membersPath(root, [layer]) },
    to: { path: membersPath(root, layers.slice(index + 1)) },
  }));
}

const capabilities = WORKER_LAYERS.find((layer) => layer.name === 'capabilities').members;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'worker-enters-client-through-the-door',
      comment: 'The worker reaches client code only through client/entry.server.tsx (the door); everything else it shares with the client lives in shared/.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^client/', pathNot: '^client/entry\\.server\\.tsx$' },
    },
    {
      name: 'shared-imports-neither-side',
      comment: 'shared/ compiles for both the worker and the browser, so it may import neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(worker|client)/' },
    },
    {
      name: 'client-does-not-import-worker',
      comment: 'Client code runs in the browser too; the worker files it reads are the two the build writes for the door (asset manifest, inline stylesheet).',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^worker/', pathNot: '^worker/generated/(asset-manifest|inline-css)\\.json$' },
    },
    {
      name: 'only-the-entries-know-the-page-registry',
      comment: 'docs/adr/0018-layers.md: the registry knows pages by lazy import; nothing a page imports may import it back, so only the entries do.',
      severity: 'error',
      from: { path: '^client/', pathNot: '^client/entry(\\.server)?\\.tsx$' },
      to: { path: '^client/pages/registry\\.ts$' },
    },
    {
      name: 'browser-code-does-not-import-the-server-render',
      comment: 'client/server/ (the SSR render behind the door) stays out of the browser bundle.',
      severity: 'error',
      from: { path: '^client/', pathNot: '^client/(server/|entry\\.server\\.tsx$)' },
      to: { path: '^client/(server/|entry\\.server\\.tsx$)' },
    },
    {
      name: 'no-folder-cycle',
      comment:
        'docs/adr/0018-layers.md: no two folders import each other, directly or around a loop, type-only imports included. ' +
        "dependency-cruiser's folder cycles (scope folder), from a first-level folder; it sees a loop only where it comes back " +
        'through the folder it left from, so the boundaries test also checks the loops between first-level folders exactly ' +
        '(FOLDER_LEVEL) and reports them under this name.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${FOLDER_LEVEL}$` },
      to: { circular: true },
    },
    {
      name: 'worker-folder-has-a-layer',
      comment: 'docs/adr/0018-layers.md names the layer of every worker folder: a folder missing from WORKER_LAYERS is placed there (and in the ADR) before it imports or is imported.',
      severity: 'error',
      from: { path: '^worker/', pathNot: membersPath('worker', WORKER_LAYERS) },
      to: {},
    },
    {
      name: 'worker-folder-has-a-layer',
      comment: 'The same, seen from the importer.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^worker/', pathNot: membersPath('worker', WORKER_LAYERS) },
    },
    ...layerRules('worker', WORKER_LAYERS),
    {
      name: 'capability-records-what-changed',
      comment:
        'docs/adr/0018-layers.md: a capability records what it changed (ctx.changes.record, worker/context/changes.ts) and ' +
        'knows nothing of tags or indexes: it imports neither cache/ nor search/indexing.ts (consequences/ decides those).',
      severity: 'error',
      from: { path: `^worker/(${capabilities.map(escape).join('|')})/` },
      to: { path: '^worker/(cache/|search/indexing\\.ts$)', pathNot: '^worker/$1/' },
    },
    {
      name: 'capability-speaks-no-graphql',
      comment:
        'docs/adr/0018-layers.md: a capability states a refusal as a CallerError (worker/context/errors.ts); GraphQL\'s types and ' +
        'errors belong to the surfaces.',
      severity: 'error',
      from: { path: `^worker/(${capabilities.map(escape).join('|')})/` },
      to: { path: '(^|/)node_modules/graphql/' },
    },
    {
      name: 'graphql-is-only-the-api',
      comment: 'docs/adr/0018-layers.md: worker/graphql/ holds the schema, thin resolvers and execution: no SQL, no drizzle-orm, no worker/db/.',
      severity: 'error',
      from: { path: '^worker/graphql/' },
      to: { path: '^worker/db/|(^|/)node_modules/drizzle-orm/|^drizzle-orm(/|$)' },
    },
    ...layerRules('client', CLIENT_LAYERS),
  ],
  options: {
    // TypeScript 7 (the native compiler) has no JavaScript API for dependency-cruiser to
    // parse with, so it parses with swc, which reads TypeScript and JSX itself.
    parser: 'swc',
    // Packages are seen (graphql-is-only-the-api forbids one) but not followed.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|\\.tmp)/' },
    // Type-only imports are imports too: a type from the other side is still a dependency.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
