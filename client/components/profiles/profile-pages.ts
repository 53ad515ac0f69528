// What the profile, publication and topic pages share besides their documents: how an
// address names its user or publication, and the sizes of their lists' pages.

/** A profile page's address names its user by username, by id (/u/{userId}), or not at all (/me: the viewer). */
export type ProfileLookup = { username: string | null; id: string | null };

export function profileLookup(params: Record<string, string>): ProfileLookup {
  return { username: params.username ?? null, id: params.username ? null : (params.userId ?? null) };
}

export const PROFILE_STORIES_PAGE_SIZE = 10;

export const PEOPLE_PAGE_SIZE = 20;

export const CATALOGS_PAGE_SIZE = 20;

/** A publication page's address names it by slug (custom domains put the slug back) or by id (/c/{id}). */
export type PublicationLookup = { slug: string | null; id: string | null };

export const WHO_TO_FOLLOW_LIMIT = 20;
