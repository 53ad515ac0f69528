// Which feed an address asks for, by host kind (spec 3 §7.6, §2.11):
//
//   main host              /feed/@{username}                  a writer's stories
//                          /feed/tag/{tagSlug}                a topic's stories
//                          /feed/topic/{topicSlug}            the same (topics are tags)
//                          /feed/{collectionSlug}             a publication's stories
//                          /feed/{collectionSlug}/tagged/{t}  a publication's stories with a tag
//   user's own host        /feed                              that writer's stories
//   publication's domain   /feed                              that publication's stories
//                          /feed/tagged/{tagSlug}             with a tag
//
// Anything else under /feed is not a feed (404).
import type { HostContext } from '../host/resolve-host.ts';

export type FeedTarget =
  | { kind: 'user'; username: string }
  | { kind: 'tag'; tagSlug: string }
  | { kind: 'collection'; collectionSlug: string; tagSlug: string | null };

const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set(['tag', 'topic', 'tagged']);

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
    // /feed/tag and /feed/topic are the topic feeds' prefixes, never a publication.
    if (RESERVED_FIRST_SEGMENTS.has(first)) return null;
    return { kind: 'collection', collectionSlug: first, tagSlug: null };
  }
  if (segments.length === 2 && second && (first === 'tag' || first === 'topic')) return { kind: 'tag', tagSlug: second };
  if (segments.length === 3 && second === 'tagged' && third && !first.startsWith('@')) return { kind: 'collection', collectionSlug: first, tagSlug: third };
  return null;
}
