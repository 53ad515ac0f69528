// The boundaries between worker/, client/ and shared/ (docs/adr/0005-worker-client-door.md),
// checked by `npm test` (tests/unit/boundaries/boundaries.test.ts) and by `npm run check:boundaries`.
// Paths are relative to the folder the check runs in: the repository, or a test fixture.
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
      name: 'browser-code-does-not-import-the-server-render',
      comment: 'client/server/ (the SSR render behind the door) stays out of the browser bundle.',
      severity: 'error',
      from: { path: '^client/', pathNot: '^client/(server/|entry\\.server\\.tsx$)' },
      to: { path: '^client/(server/|entry\\.server\\.tsx$)' },
    },
  ],
  options: {
    // TypeScript 7 (the native compiler) has no JavaScript API for dependency-cruiser to
    // parse with, so it parses with swc, which reads TypeScript and JSX itself.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
    // Type-only imports are imports too: a type from the other side is still a dependency.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
