// Custom style sheets (the spec's CustomStyleSheet entity and its font sets SERIF_1, SERIF_2,
// SANS_SERIF_1, SANS_SERIF_2: docs/product/3-routes-data-calls-constants.md §5;
// docs/adr/0160-custom-style-sheets.md). A writer (/me/design) or a publication (/{slug}/design)
// picks fonts, an accent colour and a header layout; the choice is stored as these structured
// values, never as CSS. The only CSS ever produced is the list of custom properties below, built
// from values that passed these checks: a font set maps to a fixed stack written here, a colour
// is exactly #rrggbb. Shared so the editor's preview and the worker read the same rules.

/** The spec's font sets, in the order the editor offers them. */
export const FONT_SETS = ['SERIF_1', 'SERIF_2', 'SANS_SERIF_1', 'SANS_SERIF_2'] as const;
export type FontSet = (typeof FONT_SETS)[number];

/** What each font set is, for the editor's choice (installed fonts only: nothing is downloaded). */
export const FONT_SET_LABELS: Record<FontSet, string> = {
  SERIF_1: 'Serif (Georgia)',
  SERIF_2: 'Serif (Palatino)',
  SANS_SERIF_1: 'Sans serif (system)',
  SANS_SERIF_2: 'Sans serif (Helvetica)',
};

/** The font stack of each set: fixed text, never taken from the request. */
export const FONT_STACKS: Record<FontSet, string> = {
  SERIF_1: "Georgia, Cambria, 'Times New Roman', serif",
  SERIF_2: "'Palatino Linotype', Palatino, 'Book Antiqua', 'Iowan Old Style', serif",
  SANS_SERIF_1: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  SANS_SERIF_2: "'Helvetica Neue', Helvetica, Arial, sans-serif",
};

/** A writer's profile header: the site's (name beside the avatar) or centred. */
export const PROFILE_HEADER_LAYOUTS = ['STANDARD', 'CENTERED'] as const;
export type ProfileHeaderLayout = (typeof PROFILE_HEADER_LAYOUTS)[number];

/** The site's paper and ink (client/styles/app.css :root): what colours must stand out against. */
export const PAPER = '#ffffff';
export const INK = '#242424';

/**
 * Least contrast an accent colour keeps against the paper (and a header background against the
 * ink): 3:1, WCAG 1.4.11's bound for large text and interface parts, which is where an accent
 * shows (names, links' underline, active tabs).
 */
export const MIN_ACCENT_CONTRAST = 3;
/** Least contrast of a header background against the ink written on it: WCAG 1.4.3's 4.5:1. */
export const MIN_BACKGROUND_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/;

export function isFontSet(value: unknown): value is FontSet {
  return typeof value === 'string' && (FONT_SETS as readonly string[]).includes(value);
}

/** A colour as stored (#rrggbb, lowercase), null for none, or why it is refused. */
export function checkHexColour(value: string | null | undefined, what: string): { ok: string | null } | { problem: string } {
  if (value == null || value.trim() === '') return { ok: null };
  const v = value.trim().toLowerCase();
  if (!HEX.test(v)) return { problem: `The ${what} colour must be written #rrggbb (for example #1a8917): nothing else is accepted.` };
  return { ok: v };
}

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of #rrggbb (WCAG 2 definition). */
function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Why an accent colour cannot be read on the paper (or on the header background), or null. */
export function accentProblem(accent: string, background: string | null = null): string | null {
  const against = background ?? PAPER;
  const ratio = contrastRatio(accent, against);
  if (ratio >= MIN_ACCENT_CONTRAST) return null;
  return `The accent colour ${accent} is too light to read on ${background ? 'the header background' : 'the page'} (contrast ${ratio.toFixed(1)}:1, at least ${MIN_ACCENT_CONTRAST}:1): choose a darker one.`;
}

/** Why a header background cannot carry the site's ink, or null. */
export function backgroundProblem(background: string): string | null {
  const ratio = contrastRatio(background, INK);
  if (ratio >= MIN_BACKGROUND_CONTRAST) return null;
  return `The header background ${background} is too dark for the text on it (contrast ${ratio.toFixed(1)}:1, at least ${MIN_BACKGROUND_CONTRAST}:1): choose a lighter one.`;
}

/** A style sheet's values, as stored and as the GraphQL type answers them. */
export interface StyleSheetValues {
  headingFont: FontSet;
  bodyFont: FontSet;
  accentColor: string | null;
}

/** The defaults: the site's own look (sans-serif headings, serif text, no accent). */
export const DEFAULT_STYLE_SHEET: StyleSheetValues = { headingFont: 'SANS_SERIF_1', bodyFont: 'SERIF_1', accentColor: null };

export interface CssProperty {
  name: string;
  value: string;
}

/**
 * The custom properties an owner's pages carry (read by client/styles: .story-title, .story-body,
 * the profile and publication names). Built only from a checked font set (its fixed stack) and a
 * checked #rrggbb; anything else is left out, so a value that slipped past the checks still
 * never reaches the page.
 */
export function styleSheetProperties(values: StyleSheetValues): CssProperty[] {
  const properties: CssProperty[] = [];
  if (isFontSet(values.headingFont)) properties.push({ name: '--owner-heading-font', value: FONT_STACKS[values.headingFont] });
  if (isFontSet(values.bodyFont)) properties.push({ name: '--owner-body-font', value: FONT_STACKS[values.bodyFont] });
  if (values.accentColor && HEX.test(values.accentColor)) properties.push({ name: '--owner-accent', value: values.accentColor });
  return properties;
}
