// The words of the site's own feed addresses (docs/product/3-routes-data-calls-constants.md §7.6;
// the addresses themselves: worker/feeds/feed-target.ts).
//
// Reserved words: /feed/{x} is a publication's feed unless x is one of RESERVED_FEED_SEGMENTS,
// which name the site's own feeds (or their prefixes) and always win. Decision for a
// publication whose slug is a reserved word (nothing keeps a slug from being one today; the
// publication's page /{slug} still works): the site feed is never shadowed by data, so whoever
// gets a publication slugged "latest" cannot replace the site-wide feed. Such a publication
// keeps every other feed address, which cannot clash: /feed on its own domain,
// /feed/{slug}/tagged/{tag} (three segments) and on its domain /feed/tagged/{tag}. Whatever
// creates publications must refuse these words as slugs (RESERVED_FEED_SEGMENTS is exported for
// that).

/** First segments after /feed on the main host that are never a publication's slug. */
export const RESERVED_FEED_SEGMENTS: ReadonlySet<string> = new Set(['latest', 'collections', 'tag', 'topic', 'tagged']);
