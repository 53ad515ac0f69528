// Where the editor and the publish preview load an uploaded image from: the image origin the
// pages use locally (shared/urls/image-urls.ts), at the story column's width.
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';

export function storyImageSrc(imageId: string): string {
  return imageUrl(imageId, { strategy: 'resample', width: 1400, origin: LOCAL_IMAGE_ORIGIN });
}
