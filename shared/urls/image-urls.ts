// Image and video addresses on the media CDN (docs/product/3-routes-data-calls-constants.md §2.11,
// §5, §9).
//
// Format (Medium's miro style): {origin}/v2/{operation}/…/{id}, operations in this order:
//   resize      resample  → resize:fit:{w}        (width only: keep the aspect ratio)
//                           resize:fit:{w}:{h}    (fit inside the box)
//                           resize:fit:0:{h}      (height only; 0 = unconstrained)
//                           (no size: the original size)
//               crop      → resize:fill:{w}:{h}   (cover the box, cropping the overflow)
//               letterbox → resize:pad:{w}:{h}    (fit inside the box, padding the rest)
//   blur:{radius}, darken:{percent}, quality:{1-100}, format:webp
// proxy passes the original through untouched: {origin}/v2/proxy/{id}, other options ignored.
// Crop and letterbox need a height (docs/product/3-routes-data-calls-constants.md §5). Sizes are
// CSS pixels multiplied by the pixel ratio, which is capped at 2
// (docs/product/3-routes-data-calls-constants.md §9), and rounded to whole pixels.

export const DEFAULT_IMAGE_ORIGIN = 'https://miro.vellum.example';
/**
 * Where the pages and feeds point images today: the worker itself answers /_/img with
 * generated placeholders (worker/images/placeholder-image.ts); a CDN origin is configuration.
 */
export const LOCAL_IMAGE_ORIGIN = '/_/img';
export const MAX_PIXEL_RATIO = 2;

export type ImageStrategy = 'resample' | 'crop' | 'letterbox' | 'proxy';

export interface ImageOptions {
  strategy: ImageStrategy;
  width?: number;
  height?: number;
  /** Blur radius in pixels. */
  blur?: number;
  /** Darken by this percentage (0–100). */
  darken?: number;
  webp?: boolean;
  /** Encoder quality, 1–100. */
  quality?: number;
  /** Device pixel ratio; dimensions are multiplied by it, capped at 2. */
  pixelRatio?: number;
  /** CDN origin; DEFAULT_IMAGE_ORIGIN unless configured. */
  origin?: string;
}

export const IMAGE_HEIGHT_REQUIRED_MESSAGE = 'Image requests with crop or letterbox require a height';

function effectiveRatio(pixelRatio: number | undefined): number {
  if (pixelRatio === undefined || !Number.isFinite(pixelRatio) || pixelRatio <= 0) return 1;
  return Math.min(pixelRatio, MAX_PIXEL_RATIO);
}

function checkedNumber(name: string, value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`Image ${name} must be a number from ${min} to ${max}, got ${value}`);
  }
  return value;
}

/** A size in device pixels: positive, multiplied by the pixel ratio, whole. */
function scaled(name: string, value: number | undefined, ratio: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`Image ${name} must be a positive number, got ${value}`);
  return Math.max(1, Math.round(value * ratio));
}

function resizeOperation(strategy: Exclude<ImageStrategy, 'proxy'>, width: number | undefined, height: number | undefined): string | null {
  if (strategy === 'resample') {
    if (width === undefined && height === undefined) return null;
    if (height === undefined) return `resize:fit:${width}`;
    return `resize:fit:${width ?? 0}:${height}`;
  }
  if (height === undefined) throw new Error(IMAGE_HEIGHT_REQUIRED_MESSAGE);
  return `resize:${strategy === 'crop' ? 'fill' : 'pad'}:${width ?? 0}:${height}`;
}

export function imageUrl(id: string, options: ImageOptions): string {
  if (!id) throw new Error('Image id is required');
  const origin = (options.origin ?? DEFAULT_IMAGE_ORIGIN).replace(/\/+$/, '');
  const file = encodeURIComponent(id);
  if (options.strategy === 'proxy') return `${origin}/v2/proxy/${file}`;

  const ratio = effectiveRatio(options.pixelRatio);
  const width = scaled('width', options.width, ratio);
  const height = scaled('height', options.height, ratio);
  const operations: string[] = [];
  const resize = resizeOperation(options.strategy, width, height);
  if (resize) operations.push(resize);
  const blur = checkedNumber('blur', options.blur, 1, 250);
  if (blur !== undefined) operations.push(`blur:${Math.round(blur)}`);
  const darken = checkedNumber('darken', options.darken, 0, 100);
  if (darken !== undefined) operations.push(`darken:${Math.round(darken)}`);
  const quality = checkedNumber('quality', options.quality, 1, 100);
  if (quality !== undefined) operations.push(`quality:${Math.round(quality)}`);
  if (options.webp) operations.push('format:webp');
  return [origin, 'v2', ...operations, file].join('/');
}

export type VideoFormat = 'hls' | 'dash';

/**
 * A video's streaming manifest: an HLS playlist or a DASH manifest
 * (docs/product/3-routes-data-calls-constants.md §2.11).
 */
export function videoManifestUrl(id: string, format: VideoFormat, origin: string = DEFAULT_IMAGE_ORIGIN): string {
  if (!id) throw new Error('Video id is required');
  const file = format === 'hls' ? 'playlist.m3u8' : 'manifest.mpd';
  return `${origin.replace(/\/+$/, '')}/v2/video/${encodeURIComponent(id)}/${file}`;
}
