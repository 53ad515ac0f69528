// Custom style sheets (the spec's CustomStyleSheet; docs/adr/0160-custom-style-sheets.md): the
// look a writer gives their profile and stories (/me/design, /me/styles) and a publication its
// pages and stories (/{collectionSlug}/design, /styles). Here because it is how a publisher's
// published pages look, beside the publication's masthead design (publication-design.ts).
//
// Stored as checked values (shared/custom-style-sheet.ts), never CSS: a font set from the spec's
// four, an accent #rrggbb with enough contrast, a header layout. The pages turn them into CSS
// custom properties (styleSheetProperties), only on that owner's pages. Every change records the
// owner's pages: profile (user:{id}, which every story page of the writer carries) or publication
// (collection:{id}, on its pages and its stories), so the edge cache drops them at once.
import { and, eq, or, sql } from 'drizzle-orm';
import DataLoader from 'dataloader';
import {
  accentProblem,
  checkHexColour,
  DEFAULT_STYLE_SHEET,
  isFontSet,
  PROFILE_HEADER_LAYOUTS,
  type FontSet,
  type ProfileHeaderLayout,
  type StyleSheetValues,
} from '../../shared/custom-style-sheet.ts';
import { orm } from '../db/orm.ts';
import { runShape } from '../db/isolate-statements.ts';
import { customStyleSheets, type CustomStyleSheetRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { isEditorOf } from './members.ts';
import { designOf } from './publication-design.ts';
import { publicationNotFound, refused, type PublicationRefusal } from './results.ts';

export type StyleSheetOwnerKind = CustomStyleSheetRow['ownerKind'];

/** A style sheet as the pages read it: its owner, its values, and whether the owner set one. */
export interface CustomStyleSheet extends StyleSheetValues {
  ownerKind: StyleSheetOwnerKind;
  ownerId: string;
  headerLayout: ProfileHeaderLayout;
  /** False while the owner keeps the site's look. */
  isCustom: boolean;
}

type OwnerKey = `${StyleSheetOwnerKind}:${string}`;

// One loader per request: a story page in a publication reads its writer's and its
// publication's style sheets in the same level of its query, one statement for both.
const rowLoaders = new WeakMap<RequestContext, DataLoader<OwnerKey, CustomStyleSheetRow | null>>();

function rowOf(ctx: RequestContext, ownerKind: StyleSheetOwnerKind, ownerId: string): Promise<CustomStyleSheetRow | null> {
  let loader = rowLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<OwnerKey, CustomStyleSheetRow | null>(
      async (keys) => {
        const owners = keys.map((key) => {
          const at = key.indexOf(':');
          return { kind: key.slice(0, at) as StyleSheetOwnerKind, id: key.slice(at + 1) };
        });
        // Built once per isolate per number of owners (worker/db/isolate-statements.ts): every story page reads it.
        const values: Record<string, unknown> = {};
        owners.forEach((owner, i) => Object.assign(values, { [`kind${i}`]: owner.kind, [`id${i}`]: owner.id }));
        const rows = await runShape(
          ctx.db,
          `customStyleSheets:${owners.length}`,
          (b) =>
            b
              .select()
              .from(customStyleSheets)
              .where(or(...owners.map((_, i) => and(eq(customStyleSheets.ownerKind, sql.placeholder(`kind${i}`)), eq(customStyleSheets.ownerId, sql.placeholder(`id${i}`))))))
              .prepare(),
          values,
        );
        const found = new Map(rows.map((row) => [`${row.ownerKind}:${row.ownerId}`, row]));
        return keys.map((key) => found.get(key) ?? null);
      },
      { maxBatchSize: 40, cache: false },
    );
    rowLoaders.set(ctx, loader);
  }
  return loader.load(`${ownerKind}:${ownerId}`);
}

/** A writer's style sheet (the site's look when they never set one). */
export async function userStyleSheet(ctx: RequestContext, userId: string): Promise<CustomStyleSheet> {
  const row = await rowOf(ctx, 'user', userId);
  return {
    ownerKind: 'user',
    ownerId: userId,
    headingFont: row?.headingFont ?? DEFAULT_STYLE_SHEET.headingFont,
    bodyFont: row?.bodyFont ?? DEFAULT_STYLE_SHEET.bodyFont,
    accentColor: row?.accentColor ?? null,
    headerLayout: row?.headerLayout ?? 'STANDARD',
    isCustom: Boolean(row),
  };
}

/**
 * A publication's style sheet: its fonts (this table) and its accent colour (its masthead design,
 * publication-design.ts); its header layout is the masthead's own (PublicationDesign.headerLayout).
 */
export async function collectionStyleSheet(ctx: RequestContext, collectionId: string): Promise<CustomStyleSheet> {
  const [row, design] = await Promise.all([rowOf(ctx, 'collection', collectionId), designOf(ctx, collectionId)]);
  return {
    ownerKind: 'collection',
    ownerId: collectionId,
    headingFont: row?.headingFont ?? DEFAULT_STYLE_SHEET.headingFont,
    bodyFont: row?.bodyFont ?? DEFAULT_STYLE_SHEET.bodyFont,
    accentColor: design.accentColor ?? null,
    headerLayout: 'STANDARD',
    isCustom: Boolean(row) || Boolean(design.accentColor),
  };
}

export interface StyleSheetInput {
  headingFont: string;
  bodyFont: string;
  accentColor?: string | null;
  headerLayout?: string | null;
}

/** The fonts as stored, or why not (the schema's enum already refuses others: this is the second lock). */
function fontsOf(input: StyleSheetInput): { headingFont: FontSet; bodyFont: FontSet } | string {
  if (!isFontSet(input.headingFont) || !isFontSet(input.bodyFont)) return 'Choose one of the font sets SERIF_1, SERIF_2, SANS_SERIF_1 or SANS_SERIF_2.';
  return { headingFont: input.headingFont, bodyFont: input.bodyFont };
}

/** The viewer's own style sheet: fonts, accent colour (#rrggbb, readable on the page) and profile header layout. */
export async function updateUserStyleSheet(ctx: RequestContext, input: StyleSheetInput): Promise<CustomStyleSheet | PublicationRefusal> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('change your design');
  const fonts = fontsOf(input);
  if (typeof fonts === 'string') return refused(fonts);
  const accent = checkHexColour(input.accentColor, 'accent');
  if ('problem' in accent) return refused(accent.problem);
  const contrast = accent.ok ? accentProblem(accent.ok) : null;
  if (contrast) return refused(contrast);
  const layout = input.headerLayout ?? 'STANDARD';
  if (!(PROFILE_HEADER_LAYOUTS as readonly string[]).includes(layout)) return refused('Choose the standard or the centred header.');
  const values = { ...fonts, accentColor: accent.ok, headerLayout: layout as ProfileHeaderLayout, updatedAt: ctx.now };
  await orm(ctx.db)
    .insert(customStyleSheets)
    .values({ ownerKind: 'user', ownerId: viewer.id, ...values })
    .onConflictDoUpdate({ target: [customStyleSheets.ownerKind, customStyleSheets.ownerId], set: values });
  // The profile's tag is on the profile and on every story page of the writer (worker/pipeline/cache-controllers.ts).
  await ctx.changes.record({ pages: [{ kind: 'profile', id: viewer.id }] });
  return userStyleSheet(ctx, viewer.id);
}

/** Back to the site's look: the viewer's sheet is removed. */
export async function resetUserStyleSheet(ctx: RequestContext): Promise<CustomStyleSheet> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('change your design');
  await orm(ctx.db)
    .delete(customStyleSheets)
    .where(and(eq(customStyleSheets.ownerKind, 'user'), eq(customStyleSheets.ownerId, viewer.id)));
  await ctx.changes.record({ pages: [{ kind: 'profile', id: viewer.id }] });
  return userStyleSheet(ctx, viewer.id);
}

/** A publication's fonts (owner and editors; anyone else: NotFound, nothing changes). Its colours are its design's. */
export async function updatePublicationStyleSheet(ctx: RequestContext, collectionId: string, input: StyleSheetInput): Promise<CustomStyleSheet | PublicationRefusal> {
  if (!ctx.viewer.user) throw signInRequired('manage a publication');
  if (!(await isEditorOf(ctx, collectionId))) return publicationNotFound();
  const fonts = fontsOf(input);
  if (typeof fonts === 'string') return refused(fonts);
  const values = { ...fonts, updatedAt: ctx.now };
  await orm(ctx.db)
    .insert(customStyleSheets)
    .values({ ownerKind: 'collection', ownerId: collectionId, ...values })
    .onConflictDoUpdate({ target: [customStyleSheets.ownerKind, customStyleSheets.ownerId], set: values });
  await ctx.changes.record({ pages: [{ kind: 'publication', id: collectionId }] });
  return collectionStyleSheet(ctx, collectionId);
}
