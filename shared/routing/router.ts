// Route matching. Patterns go into a segment tree; a lookup tries, at every segment, a
// static child first, then a prefixed param (@{username}), then a plain {param}, then the
// wildcard, backing out of a branch that fails further down. So the most specific route
// wins whatever order the table declares routes in: /@{username}/about is never taken by
// /@{username}/{postId}, nor /me/settings by /{collectionSlug}/{postId}.
import { compilePattern, splitPathname } from './pattern.ts';
import type { CompiledPattern } from './pattern.ts';
import { COLLECTION_HOST_PARAM_ROUTES, ROUTES_BY_HOST, USER_HOST_PARAM_ROUTES } from './routes.ts';
import type { HostKind, Route } from './routes.ts';

export interface RouteMatch<R> {
  route: R;
  /** URI-decoded values, by param name ('*' for a wildcard). */
  params: Record<string, string>;
}

export interface Router<R> {
  match(pathname: string): RouteMatch<R> | null;
  /** The routes that were registered (ambiguous duplicates left out). */
  readonly routes: readonly R[];
}

export interface RouterOptions {
  warn?: (message: string) => void;
}

interface Entry<R> {
  route: R;
  pattern: CompiledPattern;
}

interface Node<R> {
  statics: Map<string, Node<R>>;
  /** Prefixed params, longest prefix first. */
  prefixed: { prefix: string; node: Node<R> }[];
  param?: Node<R>;
  wildcard?: Entry<R>;
  entry?: Entry<R>;
}

function newNode<R>(): Node<R> {
  return { statics: new Map(), prefixed: [] };
}

/**
 * Registers routes in the given order. A route whose pattern equals an earlier one's (same
 * path with param names erased) is ambiguous: it is left out and reported through warn,
 * never thrown (docs/product/3-routes-data-calls-constants.md §2, §8).
 */
export function createRouter<R extends { path: string }>(routes: readonly R[], options: RouterOptions = {}): Router<R> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const root = newNode<R>();
  const registered: R[] = [];
  for (const route of routes) {
    if (insert(root, { route, pattern: compilePattern(route.path) })) registered.push(route);
    else warn('Can not register [' + route.path + '], path is ambiguous');
  }
  return {
    routes: registered,
    match(pathname) {
      const segments = splitPathname(pathname);
      if (!segments) return null;
      const captured: string[] = [];
      const entry = walk(root, segments, 0, captured);
      if (!entry) return null;
      const params: Record<string, string> = {};
      entry.pattern.paramNames.forEach((name, i) => {
        params[name] = captured[i] ?? '';
      });
      return { route: entry.route, params };
    },
  };
}

function insert<R>(root: Node<R>, entry: Entry<R>): boolean {
  let node = root;
  for (const segment of entry.pattern.segments) {
    if (segment.kind === 'wildcard') {
      if (node.wildcard) return false;
      node.wildcard = entry;
      return true;
    }
    node = segment.kind === 'static' ? staticChild(node, segment.value) : paramChild(node, segment.prefix);
  }
  if (node.entry) return false;
  node.entry = entry;
  return true;
}

function staticChild<R>(node: Node<R>, value: string): Node<R> {
  let child = node.statics.get(value);
  if (!child) node.statics.set(value, (child = newNode()));
  return child;
}

function paramChild<R>(node: Node<R>, prefix: string): Node<R> {
  if (prefix === '') return (node.param ??= newNode());
  let slot = node.prefixed.find((p) => p.prefix === prefix);
  if (!slot) {
    slot = { prefix, node: newNode() };
    node.prefixed.push(slot);
    node.prefixed.sort((a, b) => b.prefix.length - a.prefix.length);
  }
  return slot.node;
}

function walk<R>(node: Node<R>, segments: readonly string[], index: number, captured: string[]): Entry<R> | null {
  const segment = segments[index];
  if (segment === undefined) return node.entry ?? null;
  const exact = node.statics.get(segment);
  if (exact) {
    const found = walk(exact, segments, index + 1, captured);
    if (found) return found;
  }
  for (const { prefix, node: child } of node.prefixed) {
    if (segment.length > prefix.length && segment.startsWith(prefix)) {
      captured.push(segment.slice(prefix.length));
      const found = walk(child, segments, index + 1, captured);
      if (found) return found;
      captured.pop();
    }
  }
  if (node.param && segment !== '') {
    captured.push(segment);
    const found = walk(node.param, segments, index + 1, captured);
    if (found) return found;
    captured.pop();
  }
  const rest = segments.slice(index);
  if (node.wildcard && !rest.includes('')) {
    captured.push(rest.join('/'));
    return node.wildcard;
  }
  return null;
}

// Ready routers, one per host kind, built on first use.
const routers = new Map<HostKind, Router<Route>>();

function routerFor(hostKind: HostKind): Router<Route> {
  let router = routers.get(hostKind);
  if (!router) routers.set(hostKind, (router = createRouter(ROUTES_BY_HOST[hostKind])));
  return router;
}

/** Who the custom-domain or subdomain host belongs to. */
export interface HostOwner {
  hostUsername?: string | null;
  hostCollectionSlug?: string | null;
}

/**
 * Matches a pathname against the route table of a host kind. On a user's or publication's
 * host, the owner's username or collectionSlug (dropped from those paths) is put back into
 * the params when `host` names it, so params look the same on every host.
 */
export function matchRoute(hostKind: HostKind, pathname: string, host: HostOwner = {}): RouteMatch<Route> | null {
  const match = routerFor(hostKind).match(pathname);
  if (!match) return null;
  if (hostKind === 'user' && host.hostUsername && USER_HOST_PARAM_ROUTES.has(match.route.name)) {
    match.params.username = host.hostUsername;
  }
  if (hostKind === 'collection' && host.hostCollectionSlug && COLLECTION_HOST_PARAM_ROUTES.has(match.route.name)) {
    match.params.collectionSlug = host.hostCollectionSlug;
  }
  return match;
}

// Re-exported: readers of a postId param usually have a match in hand.
export { postIdFromParam } from './story-id.ts';
