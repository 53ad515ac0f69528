import { imageSrc } from '../app/images.ts';

/** A round user picture; falls back to the initial on a tinted disc. */
export function Avatar({ name, imageId, size }: { name: string; imageId: string | null; size: number }) {
  if (imageId) {
    return (
      <img className="avatar" src={imageSrc(imageId, { width: size, height: size, pixelRatio: 2 })} width={size} height={size} alt={name} />
    );
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className="avatar avatar-initial" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-label={name} role="img">
      {initial}
    </span>
  );
}
