import { imageSrc } from '../app/images.ts';

interface Props {
  imageId: string;
  /** CSS width in px the image is laid out at. */
  width: number;
  /** height / width */
  aspect: number;
  alt: string;
  className?: string;
}

/** A responsive image with its box reserved up front (no layout shift while it loads). */
export function ImageView({ imageId, width, aspect, alt, className }: Props) {
  const height = Math.round(width * aspect);
  return (
    <img
      className={className}
      src={imageSrc(imageId, { width })}
      srcSet={`${imageSrc(imageId, { width })} 1x, ${imageSrc(imageId, { width, pixelRatio: 2 })} 2x`}
      width={width}
      height={height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}
