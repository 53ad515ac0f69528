// The banned-link list at publishing (docs/adr/0201-banned-link-list.md; docs/outcomes.md
// PublishingRestrictedBannedLinks): a story whose text links to a site staff keep on
// banned_link_domains (migrations/0093_banned_link_domains.sql) — the domain itself or any of its
// subdomains — is not published. The links are answered as written, so the writer can find them.
import { inArray } from 'drizzle-orm';
import type { StoryContent } from '../../shared/content.ts';
import { orm } from '../db/orm.ts';
import { bannedLinkDomains } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';

/** Every address the story links to: link markups and embedded addresses (mentions are not links). */
function linksOf(content: StoryContent): string[] {
  const links: string[] = [];
  for (const paragraph of content.paragraphs) {
    if (paragraph.href) links.push(paragraph.href);
    for (const markup of paragraph.markups) if (markup.type === 'A' && markup.anchorType !== 'USER' && markup.href) links.push(markup.href);
  }
  return links;
}

/** The host and each domain above it: a.b.example.com → a.b.example.com, b.example.com, example.com. */
function domainsOf(link: string): string[] {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return [];
  }
  const labels = host.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/** The story's links to a banned site, as written (each once, in the story's order). */
export async function bannedLinksIn(ctx: RequestContext, content: StoryContent): Promise<string[]> {
  const links = [...new Set(linksOf(content))];
  const candidates = [...new Set(links.flatMap(domainsOf))];
  if (candidates.length === 0) return [];
  // D1 binds at most 100 values a statement: a story with more distinct domains is checked in slices.
  const banned = new Set<string>();
  for (let i = 0; i < candidates.length; i += 90) {
    const rows = await orm(ctx.db)
      .select({ domain: bannedLinkDomains.domain })
      .from(bannedLinkDomains)
      .where(inArray(bannedLinkDomains.domain, candidates.slice(i, i + 90)));
    for (const row of rows) banned.add(row.domain);
  }
  return banned.size === 0 ? [] : links.filter((link) => domainsOf(link).some((domain) => banned.has(domain)));
}
