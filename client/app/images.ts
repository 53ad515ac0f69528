// Image addresses for the client. The CDN origin comes from configuration; locally the
// worker itself answers /_/img with generated placeholders (see worker/images).
let imageOrigin = '/_/img';

export function setImageOrigin(origin: string): void {
  imageOrigin = origin.replace(/\/+$/, '');
}

export function imageSrc(id: string, options: { width: number; height?: number; pixelRatio?: number }): string {
  const ratio = Math.min(2, options.pixelRatio ?? 1);
  const w = Math.round(options.width * ratio);
  const size = options.height ? `resize:fill:${w}:${Math.round(options.height * ratio)}` : `resize:fit:${w}`;
  return `${imageOrigin}/v2/${size}/${encodeURIComponent(id)}`;
}
