// Which feed an address asks for, by host kind (docs/product/3-routes-data-calls-constants.md §7.6,
// §2.11):
//
//   main host              /feed/latest                       the whole site's newest stories
//                          /feed/@{username}                  a writer's stories
//                          /feed/tag/{tagSlug}                a topic's stories
//                          /feed/topic/{topicSlug}            the same (topics are tags)
//                          /feed/{collectionSlug}             a publication's stories
//                          /feed/{collectionSlug}/tagged/{t}  a publication's stories with a tag
//                          /feed/{collectionSlug}/news        a publication newsletter's issues
//                                                             (docs/newsletters.md)
//                          /feed/collections/{catalogSlugId}  a public list's stories
//                          /feed/s/{sequenceSlug}             a published series' parts, newest
//                                                             first (docs/series.md)
//   user's own host        /feed                              that writer's stories
//   publication's domain   /feed                              that publication's stories
//                          /feed/tagged/{tagSlug}             with a tag
//
// Anything else under /feed is not a feed (404).
//
// Reserved words: /feed/{x} is a publication's feed unless x is one of
// RESERVED_FEED_SEGMENTS (worker/host/feed-addresses.ts), which name the site's own feeds (or
// their prefixes) and always win.
//
// Lists: a list's address on its creator's site is /@{username}/list/{catalogSlugId}
// (docs/product/3-routes-data-calls-constants.md §2.11), where catalogSlugId is "{name-slug}-{id}"
// (or the bare id when the name has no slug characters) or, for a predefined list, its kind's slug
// (reading-list). With no username in /feed/collections/{catalogSlugId}, only the id forms say
// which list: a predefined slug could be anyone's, so it is not a feed (404).
import type { HostContext } from '../host/resolve-host.ts';
import { RESERVED_FEED_SEGMENTS } from '../host/feed-addresses.ts';
import { predefinedListKindFromSlug } from '../../shared/urls/list-urls.ts';

export type FeedTarget =
  | { kind: 'latest' }
  | { kind: 'user'; username: string }
  | { kind: 'tag'; tagSlug: string }
  | { kind: 'collection'; collectionSlug: string; tagSlug: string | null }
  | { kind: 'catalog'; catalogId: string }
  | { kind: 'news'; collectionSlug: string }
  | { kind: 'series'; sequenceSlug: string };

/** A list's row id from "{name-slug}-{id}" or "{id}"; null for a predefined slug or anything else. */
export function catalogIdFromSlugId(slugId: string): string | null {
  if (predefinedListKindFromSlug(slugId)) return null;
  const id = slugId.slice(slugId.lastIndexOf('-') + 1);
  // The same id shape worker/lists/lists.ts (listRowBySlugId) accepts.
  return /^[0-9a-f]{1,32}$/.test(id) ? id : null;
}

function segmentsOf(pathname: string): string[] | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (parts[0] !== 'feed') return null;
  try {
    const decoded = parts.slice(1).map((part) => decodeURIComponent(part));
    return decoded.some((part) => part.trim() === '') ? null : decoded;
  } catch {
    return null; // a malformed %-escape
  }
}

export function feedTarget(host: HostContext, pathname: string): FeedTarget | null {
  const segments = segmentsOf(pathname);
  if (!segments) return null;
  const [first, second, third] = segments;

  if (host.kind === 'user') return segments.length === 0 ? { kind: 'user', username: host.username } : null;
  if (host.kind === 'collection') {
    if (segments.length === 0) return { kind: 'collection', collectionSlug: host.collectionSlug, tagSlug: null };
    if (segments.length === 2 && first === 'tagged' && second) return { kind: 'collection', collectionSlug: host.collectionSlug, tagSlug: second };
    return null;
  }

  if (!first) return null;
  if (segments.length === 1) {
    if (first.startsWith('@')) return first.length > 1 ? { kind: 'user', username: first.slice(1) } : null;
    if (first === 'latest') return { kind: 'latest' };
    // /feed/tag, /feed/topic and /feed/collections are prefixes, never a publication. Slugs
    // match case-insensitively, so /feed/Latest must not reach a publication either.
    if (RESERVED_FEED_SEGMENTS.has(first.toLowerCase())) return null;
    return { kind: 'collection', collectionSlug: first, tagSlug: null };
  }
  if (segments.length === 2 && second && (first === 'tag' || first === 'topic')) return { kind: 'tag', tagSlug: second };
  if (segments.length === 2 && second && first === 'collections') {
    const catalogId = catalogIdFromSlugId(second);
    return catalogId ? { kind: 'catalog', catalogId } : null;
  }
  if (segments.length === 2 && second && first === 's') return { kind: 'series', sequenceSlug: second };
  if (segments.length === 2 && second === 'news' && !first.startsWith('@') && !RESERVED_FEED_SEGMENTS.has(first.toLowerCase())) return { kind: 'news', collectionSlug: first };
  if (segments.length === 3 && second === 'tagged' && third && !first.startsWith('@')) return { kind: 'collection', collectionSlug: first, tagSlug: third };
  return null;
}
