// Icons drawn from one immutable sprite file (docs/adr/0218-the-first-screen-inline-the-rest-later.md):
// a page's markup names an icon in ~90 bytes instead of repeating its paths (0.2–0.5 KB each,
// the header's search icon twice), and the browser keeps the file across pages. The symbols set
// their own stroke; `currentColor` follows the element's colour as before.

/** The sprite's address: its name carries the start of its SHA-256 (tests/unit/render/sprite-icon.test.ts checks it). */
export const ICON_SPRITE = '/assets/icons-bf7273df7d.svg';

export type IconName = 'search' | 'write' | 'bell' | 'person' | 'clap' | 'response';

export function SpriteIcon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true">
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
