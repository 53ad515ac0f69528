// A publication's custom domain (/{collectionSlug}/settings/custom-domain; docs/adr/0086-a-writers-custom-domain.md,
// docs/adr/0087-a-publications-custom-domain.md): the one flow of worker/accounts/custom-domain.ts with the publication as the holder,
// for its owner and editors only — anyone else is told the publication does not exist. Custom
// domains are a member benefit: the asking editor's membership is what NON_MEMBER checks.
import type { RequestContext } from '../context/request-context.ts';
import { notFound } from '../context/errors.ts';
import { customDomainSettings, domainAskerId, type CustomDomainSettings, type DomainHolder } from '../accounts/custom-domain.ts';
import { isEditorOf } from './members.ts';

/** The publication as its editor's target; NOT_FOUND for anyone else (it does not reveal the publication's settings exist). */
export async function publicationDomainHolder(ctx: RequestContext, collectionId: string): Promise<{ holder: DomainHolder; askerId: string }> {
  const askerId = domainAskerId(ctx);
  if (!(await isEditorOf(ctx, collectionId))) throw notFound('This publication does not exist.');
  return { holder: { kind: 'collection', id: collectionId }, askerId };
}

export interface PublicationCustomDomain {
  collectionId: string;
  name: string;
  slug: string;
  settings: CustomDomainSettings;
}

/** The publication's custom domain by its slug; null unless the viewer owns or edits it. */
export async function publicationCustomDomain(ctx: RequestContext, collectionSlug: string): Promise<PublicationCustomDomain | null> {
  if (!ctx.viewer.user) return null;
  const row = await ctx.db
    .prepare('SELECT id, name, slug FROM collections WHERE slug = ? COLLATE NOCASE')
    .bind(collectionSlug)
    .first<{ id: string; name: string; slug: string }>();
  if (!row || !(await isEditorOf(ctx, row.id))) return null;
  return { collectionId: row.id, name: row.name, slug: row.slug, settings: await customDomainSettings(ctx, { kind: 'collection', id: row.id }) };
}
