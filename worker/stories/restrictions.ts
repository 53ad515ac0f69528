// Where a story gets a restriction (docs/reader.md "Outcomes"; migrations/0009_post_restrictions.sql):
// a staff action on a legal order (legal block, or the countries a demand covers) or on the
// writer's request (sign-in required). There is no staff screen yet; this is the one write
// path such a screen or an operator's script calls. Setting or lifting a restriction changes
// the story's pages at once (purged through `changes`): a stored copy made before the
// restriction must not outlive it.
import type { Env } from '../env.ts';
import type { ChangeSink } from '../context/changes.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { StoryNode } from './content-gate.ts';
import { withheldCountries } from './story-access.ts';

export interface StoryRestriction {
  legalBlockedAt?: number | null;
  /** ISO 3166-1 alpha-2 codes. */
  withheldCountries?: readonly string[];
  signInRequired?: boolean;
}

/** Sets (replaces) a story's restrictions, or lifts them all with null; then records that its pages changed. */
export async function setStoryRestriction(env: Pick<Env, 'DB'>, postId: string, restriction: StoryRestriction | null, now: number, changes: ChangeSink): Promise<void> {
  if (restriction === null) {
    await env.DB.prepare('DELETE FROM post_restrictions WHERE post_id = ?').bind(postId).run();
  } else {
    const countries = (restriction.withheldCountries ?? []).map((code) => code.trim().toUpperCase());
    const invalid = countries.find((code) => !/^[A-Z]{2}$/.test(code));
    if (invalid !== undefined) throw new Error(`Not an ISO 3166-1 alpha-2 country code: ${JSON.stringify(invalid)}`);
    await env.DB.prepare(
      `INSERT INTO post_restrictions (post_id, legal_blocked_at, withheld_countries, sign_in_required, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (post_id) DO UPDATE SET legal_blocked_at = excluded.legal_blocked_at, withheld_countries = excluded.withheld_countries,
         sign_in_required = excluded.sign_in_required, updated_at = excluded.updated_at`,
    )
      .bind(postId, restriction.legalBlockedAt ?? null, countries.join(','), restriction.signInRequired ? 1 : 0, now)
      .run();
  }
  await changes.record({ pages: [{ kind: 'story', id: postId }] });
}

/** ISO 3166-1 alpha-2 codes of the countries the story is withheld in (empty: none). */
export async function storyWithheldCountries(ctx: RequestContext, post: StoryNode): Promise<string[]> {
  const restriction = await ctx.loaders.postRestrictionByPostId.load(post.id);
  return restriction ? [...withheldCountries(restriction.withheldCountries)] : [];
}
