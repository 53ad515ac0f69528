// A writer's or a publication's custom style sheet on its own pages
// (docs/adr/0160-custom-style-sheets.md): the element that holds the owner's content carries the
// sheet's custom properties in its style attribute, and client/styles read them
// (var(--owner-heading-font, …)), so no other page, and no part of the page outside that element,
// changes. The values come from the server, which builds them from checked font sets and #rrggbb
// colours only; React writes them as an attribute (escaped), never as a style element.
import type { CSSProperties } from 'react';
import type { OwnerStyleSheet } from './owner-style.graphql.ts';

const PROPERTY_NAME = /^--owner-[a-z-]+$/;

/** The style attribute and markers of an owner's content element; nothing when the owner keeps the site's look. */
export function ownerStyleAttributes(sheet: OwnerStyleSheet | null | undefined, extra: Record<string, string> = {}): {
  style?: CSSProperties;
  'data-owner-style'?: string;
  'data-owner-header'?: string;
} {
  if (!sheet?.isCustom) return Object.keys(extra).length > 0 ? { style: extra as CSSProperties } : {};
  const style: Record<string, string> = { ...extra };
  // Only the names the stylesheet reads: a property the server never sends is ignored.
  for (const { name, value } of sheet.properties) if (PROPERTY_NAME.test(name)) style[name] = value;
  return { style: style as CSSProperties, 'data-owner-style': sheet.id, 'data-owner-header': sheet.headerLayout };
}
