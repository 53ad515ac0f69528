// The search provider's request and error shapes (docs/product/3-routes-data-calls-constants.md
// §7.1), read strictly: a body that is not what the official client sends is a 400 in the
// provider's error shape {"message", "status"}, never a 500.
//
// The client sends search parameters either flat on each request (v5) or as a URL-encoded
// `params` string (older clients and InstantSearch); both are read.

export class SearchProtocolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new SearchProtocolError(400, message);

/** One query of a multi-index request, validated. */
export interface SearchQuery {
  indexName: string;
  query: string;
  hitsPerPage: number;
  page: number;
  filters: string | null;
  facetFilters: (string | string[])[];
  numericFilters: string[];
  attributesToRetrieve: string[] | null;
  clickAnalytics: boolean;
  analyticsTags: string[];
}

export const DEFAULT_HITS_PER_PAGE = 20;
export const MAX_HITS_PER_PAGE = 100;
/** Pages beyond this are not served (deep paging is the costliest query there is). */
export const MAX_PAGE = 50;

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `params` string's values, parsed as the provider does (JSON where a value is JSON). */
function parseParamsString(params: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, raw] of new URLSearchParams(params)) {
    if (/^[[{]/.test(raw) || raw === 'true' || raw === 'false' || /^-?\d+$/.test(raw)) {
      try {
        out[key] = JSON.parse(raw);
        continue;
      } catch {
        // Not JSON: kept as text.
      }
    }
    out[key] = raw;
  }
  return out;
}

function integer(value: Json, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw badRequest(`Invalid value for "${name}": an integer is expected.`);
  return Math.min(Math.max(n, min), max);
}

function stringList(value: Json, name: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw badRequest(`Invalid value for "${name}": a list of strings is expected.`);
}

function facetFilterList(value: Json): (string | string[])[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) {
    return value.map((item) => {
      if (typeof item === 'string') return item;
      if (Array.isArray(item) && item.every((v) => typeof v === 'string')) return item as string[];
      throw badRequest('Invalid value for "facetFilters".');
    });
  }
  throw badRequest('Invalid value for "facetFilters".');
}

/** One request object of /queries, or the body of /{index}/query with its index name. */
export function readSearchQuery(request: Json, indexName?: string): SearchQuery {
  if (!isRecord(request)) throw badRequest('Each request must be an object.');
  let params: Record<string, Json> = { ...request };
  if (typeof request.params === 'string') params = { ...parseParamsString(request.params), ...params };
  else if (isRecord(request.params)) params = { ...request.params, ...params };
  delete params.params;
  const name = indexName ?? params.indexName;
  if (typeof name !== 'string' || name === '') throw badRequest('Missing "indexName" in a request.');
  if (params.type !== undefined && params.type !== 'default') throw badRequest('Only "default" (hits) requests are supported.');
  const query = params.query ?? '';
  if (typeof query !== 'string') throw badRequest('Invalid value for "query": a string is expected.');
  const filters = params.filters ?? null;
  if (filters !== null && typeof filters !== 'string') throw badRequest('Invalid value for "filters": a string is expected.');
  const attributes = params.attributesToRetrieve;
  const clickAnalytics = params.clickAnalytics ?? false;
  if (typeof clickAnalytics !== 'boolean') throw badRequest('Invalid value for "clickAnalytics": a boolean is expected.');
  return {
    indexName: name,
    query,
    hitsPerPage: integer(params.hitsPerPage, 'hitsPerPage', DEFAULT_HITS_PER_PAGE, 0, MAX_HITS_PER_PAGE),
    page: integer(params.page, 'page', 0, 0, MAX_PAGE),
    filters,
    facetFilters: facetFilterList(params.facetFilters),
    numericFilters: stringList(params.numericFilters, 'numericFilters'),
    attributesToRetrieve: attributes === undefined || attributes === null ? null : stringList(attributes, 'attributesToRetrieve'),
    clickAnalytics,
    analyticsTags: stringList(params.analyticsTags, 'analyticsTags'),
  };
}

/** The body of POST /1/indexes/*\/queries: {requests: [...]}. */
export function readMultiQuery(body: Json, maxQueries: number): SearchQuery[] {
  if (!isRecord(body) || !Array.isArray(body.requests)) throw badRequest('Missing "requests" (a list of queries).');
  if (body.requests.length === 0) throw badRequest('"requests" is empty.');
  if (body.requests.length > maxQueries) throw new SearchProtocolError(429, `Too many queries in one request (at most ${maxQueries}).`);
  return body.requests.map((request) => readSearchQuery(request));
}

/** The provider's error body. */
export function errorBody(error: SearchProtocolError): { message: string; status: number } {
  return { message: error.message, status: error.status };
}
