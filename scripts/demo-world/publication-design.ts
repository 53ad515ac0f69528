// Each demo publication's design, navigation and one feature page
// (migrations/0024_publication_design.sql; docs/publications.md), so its masthead, /featured and
// /{slug}/{page}/home show something on first start. Built from the publication's place in the
// list and its seed topics; it runs last, so the ids it draws leave the rest of the world as it
// was without it.
import type { Context } from './context.ts';

/** Accent and header background per publication, in list order (the last ones keep the site's). */
const PALETTE: readonly (readonly [accent: string, background: string] | null)[] = [
  ['#7a2e1f', '#f7efe6'],
  ['#1f5f7a', '#eef6f9'],
  ['#2f6b2f', '#f0f7ee'],
  ['#5b4a8a', '#f4f1fb'],
  ['#8a5a00', '#fdf6e3'],
  ['#1a1a1a', '#f2f2f2'],
  null,
  null,
];

export function createPublicationDesigns(ctx: Context): void {
  const { world } = ctx;
  ctx.publications.forEach(({ row, seed }, index) => {
    const colours = PALETTE[index] ?? null;
    world.collection_designs.push({
      collection_id: row.id,
      // A logo would be a placeholder gradient (demo images have no pixels): the second shows its name alone.
      header_layout: index === 1 ? 'NAME_ONLY' : 'AVATAR_AND_NAME',
      accent_color: colours?.[0] ?? null,
      background_color: colours?.[1] ?? null,
      logo_id: null,
      about: `${seed.description} ${row.name} is written by its editors and a group of regular writers, and is open to submissions on ${seed.topics.join(', ').replace(/-/g, ' ')}.`,
      updated_at: row.created_at,
    });
    const [first, second] = seed.topics;
    const topicTitle = (slug: string) => ctx.topicBySlug.get(slug)?.title ?? slug;
    const page = {
      id: ctx.ids.next(),
      collection_id: row.id,
      slug: 'start-here',
      title: 'Start here',
      body: `New to ${row.name}? Welcome.\n\n${seed.description}\n\nBelow are our stories on ${topicTitle(first ?? '')}, a good place to begin.`,
      tag_slug: first ?? null,
      created_at: row.created_at,
      updated_at: row.created_at,
    };
    world.collection_feature_pages.push(page);
    const nav = [
      { title: 'Start here', kind: 'FEATURE_PAGE' as const, target: page.slug },
      ...(first ? [{ title: topicTitle(first), kind: 'TAG' as const, target: first }] : []),
      ...(second ? [{ title: topicTitle(second), kind: 'TAG' as const, target: second }] : []),
    ];
    nav.forEach((item, position) => world.collection_nav_items.push({ collection_id: row.id, position, ...item }));
  });
}

/**
 * One writer with a custom style sheet (migrations/0072_custom_style_sheets.sql;
 * docs/adr/0160-custom-style-sheets.md): the verified book author's profile and stories show
 * serif headings, an aubergine accent and a centred header on first start.
 */
export function createWriterStyleSheet(ctx: Context): void {
  const author = ctx.demo.author;
  if (!author) return;
  ctx.world.custom_style_sheets.push({
    owner_kind: 'user',
    owner_id: author.row.id,
    heading_font: 'SERIF_1',
    body_font: 'SERIF_1',
    accent_color: '#5b4a8a',
    header_layout: 'CENTERED',
    updated_at: author.row.created_at,
  });
}
