// The whole stylesheet arrives after the markup as `<link media="print">` (client/server/document.ts):
// fetched at the lowest priority, it never delays the first paint, which the inline rules the
// markup uses cover (docs/adr/0095-inline-the-rules-the-markup-uses.md). Once the page runs,
// it applies to every medium, for what the markup does not show yet (menus, dialogs, the next page).

export const FULL_STYLESHEET_ATTRIBUTE = 'data-full-stylesheet';

/** Applies the whole stylesheet (at once when it has loaded, else when it arrives). */
export function applyFullStylesheet(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${FULL_STYLESHEET_ATTRIBUTE}]`)) link.media = 'all';
}
