import { imageSrc } from '../app/images.ts';

/**
 * A round user picture; falls back to the initial on a tinted disc. `lazy`: one of many (a card's
 * byline), loaded by the browser when near the screen; the server render then writes no
 * `<link rel="preload">` for it (React preloads every eager image), which on a page of cards
 * was a dozen requests competing with the first screen's (docs/web-quality.md, "Light HTML").
 */
export function Avatar({ name, imageId, size, lazy = false }: { name: string; imageId: string | null; size: number; lazy?: boolean }) {
  if (imageId) {
    return (
      <img
        className="avatar"
        src={imageSrc(imageId, { width: size, height: size, pixelRatio: 2 })}
        width={size}
        height={size}
        alt={name}
        loading={lazy ? 'lazy' : undefined}
      />
    );
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className="avatar avatar-initial" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-label={name} role="img">
      {initial}
    </span>
  );
}
