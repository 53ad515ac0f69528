// Building links by route name (docs/product/3-routes-data-calls-constants.md §2, §8).
//
// Param rules: every param of the route's main-host pattern is required. A missing value
// (undefined or null) is a programming error: it is reported through warn and throws
// 'One or more required param(s) not provided'. An empty string is reported through warn
// and the link is still built (with an empty segment), so a page with incomplete data
// renders and the log says why a link is broken.
//
// Host rules: on the main host every link is root-relative. On a user's or publication's
// host, a route of that host's table is root-relative (its owner prefix dropped) when it
// belongs to the host's owner; anything else — another owner's page, or a main-host-only
// route — is absolute on the main origin ("the main auth domain").
import { compilePattern, fillPattern } from './pattern.ts';
import type { CompiledPattern } from './pattern.ts';
import type { HostKind } from './routes.ts';
// Not the route table: a route's path by name, and the host rule (docs/adr/0221-the-page-module-named-by-the-document.md).
import { routePathOf } from './route-paths.ts';
import { pathOnHostKind } from './host-paths.ts';

export interface LinkContext {
  hostKind: HostKind;
  /** The main host's origin, e.g. 'https://vellum.example'. */
  mainOrigin: string;
  /** Owner of a 'user' host (custom domain or username subdomain). */
  hostUsername?: string | null;
  /** Owner of a 'collection' host (publication custom domain). */
  hostCollectionSlug?: string | null;
  warn?: (message: string) => void;
}

export type LinkParams = Readonly<Record<string, string | number | null | undefined>>;
export type LinkQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

export const MISSING_PARAMS_MESSAGE = 'One or more required param(s) not provided';

const compiled = new Map<string, CompiledPattern>();

function patternOf(path: string): CompiledPattern {
  let pattern = compiled.get(path);
  if (!pattern) compiled.set(path, (pattern = compilePattern(path)));
  return pattern;
}

/** A route's main-host path pattern by name. */
function requireRoute(name: string): string {
  const path = routePathOf(name);
  if (path === undefined) throw new Error('Route with name ' + name + ' does not exist');
  return path;
}

function defaultWarn(message: string): void {
  console.warn(message);
}

/** A pattern's param values as strings; throws when one is missing, warns when one is empty. */
function paramValues(
  label: string,
  pattern: CompiledPattern,
  params: LinkParams,
  warn: (message: string) => void,
): Record<string, string> {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  const empty: string[] = [];
  for (const name of pattern.paramNames) {
    const value = params[name];
    if (value === undefined || value === null) missing.push(name);
    else if ((values[name] = String(value)) === '') empty.push(name);
  }
  if (missing.length > 0 || empty.length > 0) {
    const detail = [...missing.map((n) => `${n} missing`), ...empty.map((n) => `${n} empty`)].join(', ');
    warn(`${MISSING_PARAMS_MESSAGE}: ${label} (${detail})`);
  }
  if (missing.length > 0) throw new Error(MISSING_PARAMS_MESSAGE);
  return values;
}

export function queryString(query: LinkQuery | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? '?' + text : '';
}

function origin(ctx: LinkContext): string {
  return ctx.mainOrigin.replace(/\/+$/, '');
}

function sameOwner(hostOwner: string | null | undefined, value: string | null | undefined): boolean {
  // Usernames and slugs are compared without case: host names carry no case.
  return !!hostOwner && !!value && hostOwner.toLowerCase() === value.toLowerCase();
}

/** Whether ctx is the user's own host (custom domain or username subdomain). */
export function isUserHost(ctx: LinkContext, username: string | null | undefined): boolean {
  return ctx.hostKind === 'user' && sameOwner(ctx.hostUsername, username);
}

/** Whether ctx is the publication's own custom domain. */
export function isCollectionHost(ctx: LinkContext, collectionSlug: string | null | undefined): boolean {
  return ctx.hostKind === 'collection' && sameOwner(ctx.hostCollectionSlug, collectionSlug);
}

/** The root-relative path of a route on the current host, or null when the host does not serve it. */
function pathOnHost(name: string, path: string, values: Record<string, string>, ctx: LinkContext): string | null {
  if (ctx.hostKind === 'default') return fillPattern(patternOf(path), values);
  const onHost = pathOnHostKind(ctx.hostKind, name, path);
  if (!onHost) return null;
  // An owner's route belongs to the host's owner only.
  if (onHost.owned && ctx.hostKind === 'user' && !isUserHost(ctx, values.username)) return null;
  if (onHost.owned && ctx.hostKind === 'collection' && !isCollectionHost(ctx, values.collectionSlug)) return null;
  return fillPattern(patternOf(onHost.path), values);
}

/**
 * A link to a named route from a page on the host described by ctx: root-relative when the
 * host serves it, otherwise absolute on the main origin. Params are URI-encoded; query
 * values that are null or undefined are left out.
 */
export function buildLink(name: string, params: LinkParams, ctx: LinkContext, query?: LinkQuery): string {
  const mainPath = requireRoute(name);
  const values = paramValues(name, patternOf(mainPath), params, ctx.warn ?? defaultWarn);
  const path = pathOnHost(name, mainPath, values, ctx) ?? origin(ctx) + fillPattern(patternOf(mainPath), values);
  return path + queryString(query);
}

/** A named route's root-relative path on the main host, whatever host the caller is on. */
export function routePath(name: string, params: LinkParams, warn: (message: string) => void = defaultWarn): string {
  const pattern = patternOf(requireRoute(name));
  return fillPattern(pattern, paramValues(name, pattern, params, warn));
}

/** Fills a path pattern that is no route (feeds, /_/ actions) with buildLink's param rules. */
export function fillPath(path: string, params: LinkParams, warn: (message: string) => void = defaultWarn): string {
  const pattern = patternOf(path);
  return fillPattern(pattern, paramValues(path, pattern, params, warn));
}

/**
 * A main-host address that is no page route: root-relative on the main host, absolute on
 * the main origin elsewhere.
 */
export function mainHostLink(path: string, params: LinkParams, ctx: LinkContext, query?: LinkQuery): string {
  const filled = fillPath(path, params, ctx.warn ?? defaultWarn);
  return (ctx.hostKind === 'default' ? filled : origin(ctx) + filled) + queryString(query);
}
