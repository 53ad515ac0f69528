// Route path patterns (docs/product/3-routes-data-calls-constants.md §2): segments are static text,
// a {param}, a param behind a static prefix such as @{username}, or a final wildcard * that takes
// the rest of the path.

export type Segment =
  | { kind: 'static'; value: string }
  /** prefix is '' for {param} and '@' for @{username}. */
  | { kind: 'param'; name: string; prefix: string }
  /** Matches one or more remaining segments; its param is named '*'. */
  | { kind: 'wildcard' };

export const WILDCARD_PARAM = '*';

export interface CompiledPattern {
  readonly path: string;
  readonly segments: readonly Segment[];
  /** Param names in path order ('*' for the wildcard). */
  readonly paramNames: readonly string[];
  /** The pattern with param names erased: two routes with one key are ambiguous. */
  readonly key: string;
}

const PARAM_SEGMENT = /^([^{}*]*)\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Compiles a pattern; a malformed pattern is a programming error and throws. */
export function compilePattern(path: string): CompiledPattern {
  if (!path.startsWith('/')) throw new Error(`Route path [${path}] must start with /`);
  const body = trimTrailingSlash(path).slice(1);
  const rawSegments = body === '' ? [] : body.split('/');
  const segments: Segment[] = [];
  const paramNames: string[] = [];
  rawSegments.forEach((raw, index) => {
    if (raw === '*') {
      if (index !== rawSegments.length - 1) throw new Error(`Route path [${path}]: * must be the last segment`);
      segments.push({ kind: 'wildcard' });
      paramNames.push(WILDCARD_PARAM);
      return;
    }
    const param = PARAM_SEGMENT.exec(raw);
    if (param) {
      const [, prefix = '', name = ''] = param;
      if (paramNames.includes(name)) throw new Error(`Route path [${path}]: param ${name} appears twice`);
      segments.push({ kind: 'param', name, prefix });
      paramNames.push(name);
      return;
    }
    if (raw === '' || /[{}*]/.test(raw)) throw new Error(`Route path [${path}]: malformed segment [${raw}]`);
    segments.push({ kind: 'static', value: raw });
  });
  return { path, segments, paramNames, key: '/' + segments.map(segmentKey).join('/') };
}

function segmentKey(segment: Segment): string {
  if (segment.kind === 'static') return segment.value;
  if (segment.kind === 'wildcard') return '*';
  return segment.prefix + '{}';
}

function trimTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** One %-encoded path segment decoded, or null for a broken escape ("%", "%E0%A4%A"). */
export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // URIError
  }
}

/**
 * Splits a request pathname into decoded segments. A query or hash is ignored and one
 * trailing slash is tolerated. Segments are split before decoding, so an encoded slash
 * (%2F) stays inside its segment. Returns null for a malformed path or escape.
 */
export function splitPathname(pathname: string): string[] | null {
  const end = pathname.search(/[?#]/);
  const path = trimTrailingSlash(end === -1 ? pathname : pathname.slice(0, end));
  if (!path.startsWith('/')) return null;
  if (path === '/') return [];
  const segments = path.slice(1).split('/').map(decodeSegment);
  // A broken %-escape matches no route.
  return segments.every((s) => s !== null) ? (segments as string[]) : null;
}

/**
 * Fills a pattern with already-checked, non-missing values: each param is URI-encoded;
 * the wildcard keeps its slashes and has each of its segments encoded.
 */
export function fillPattern(pattern: CompiledPattern, values: Readonly<Record<string, string>>): string {
  const parts = pattern.segments.map((segment) => {
    if (segment.kind === 'static') return segment.value;
    if (segment.kind === 'wildcard') return (values[WILDCARD_PARAM] ?? '').split('/').map(encodeURIComponent).join('/');
    return segment.prefix + encodeURIComponent(values[segment.name] ?? '');
  });
  return '/' + parts.join('/');
}
