// Image addresses for the client, through the shared CDN URL builder. The CDN origin is
// configuration; locally the worker itself answers /_/img with generated placeholders
// (worker/images/placeholder-image.ts).
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';

export function imageSrc(id: string, options: { width: number; height?: number; pixelRatio?: number }): string {
  return imageUrl(id, {
    strategy: options.height ? 'crop' : 'resample',
    width: options.width,
    ...(options.height ? { height: options.height } : {}),
    ...(options.pixelRatio ? { pixelRatio: options.pixelRatio } : {}),
    origin: LOCAL_IMAGE_ORIGIN,
  });
}
