// Image and video CDN addresses (docs/product/3-routes-data-calls-constants.md §2.11, §5, §9).
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_ORIGIN, imageUrl, videoManifestUrl } from '../../../shared/urls/image-urls.ts';

const CDN = 'https://miro.vellum.example';

describe('imageUrl', () => {
  it('uses the default CDN origin', () => {
    expect(DEFAULT_IMAGE_ORIGIN).toBe(CDN);
  });

  it('resamples to a width, a box, a height, or not at all', () => {
    expect(imageUrl('1*abc.png', { strategy: 'resample', width: 700 })).toBe(`${CDN}/v2/resize:fit:700/1*abc.png`);
    expect(imageUrl('1*abc.png', { strategy: 'resample', width: 700, height: 400 })).toBe(`${CDN}/v2/resize:fit:700:400/1*abc.png`);
    expect(imageUrl('1*abc.png', { strategy: 'resample', height: 400 })).toBe(`${CDN}/v2/resize:fit:0:400/1*abc.png`);
    expect(imageUrl('1*abc.png', { strategy: 'resample' })).toBe(`${CDN}/v2/1*abc.png`);
  });

  it('crops and letterboxes into a box', () => {
    expect(imageUrl('a.jpg', { strategy: 'crop', width: 88, height: 88 })).toBe(`${CDN}/v2/resize:fill:88:88/a.jpg`);
    expect(imageUrl('a.jpg', { strategy: 'letterbox', width: 160, height: 90 })).toBe(`${CDN}/v2/resize:pad:160:90/a.jpg`);
    expect(imageUrl('a.jpg', { strategy: 'crop', height: 90 })).toBe(`${CDN}/v2/resize:fill:0:90/a.jpg`);
  });

  it.each(['crop', 'letterbox'] as const)('refuses %s without a height', (strategy) => {
    expect(() => imageUrl('a.jpg', { strategy, width: 100 })).toThrow('Image requests with crop or letterbox require a height');
  });

  it('multiplies sizes by the pixel ratio, capped at 2, and rounds them', () => {
    expect(imageUrl('a.jpg', { strategy: 'crop', width: 88, height: 50, pixelRatio: 1.5 })).toBe(`${CDN}/v2/resize:fill:132:75/a.jpg`);
    expect(imageUrl('a.jpg', { strategy: 'resample', width: 700, pixelRatio: 3 })).toBe(`${CDN}/v2/resize:fit:1400/a.jpg`);
    expect(imageUrl('a.jpg', { strategy: 'resample', width: 101, pixelRatio: 1.25 })).toBe(`${CDN}/v2/resize:fit:126/a.jpg`);
    expect(imageUrl('a.jpg', { strategy: 'resample', width: 700, pixelRatio: Number.NaN })).toBe(`${CDN}/v2/resize:fit:700/a.jpg`);
    expect(imageUrl('a.jpg', { strategy: 'resample', width: 700, pixelRatio: 0 })).toBe(`${CDN}/v2/resize:fit:700/a.jpg`);
  });

  it('adds blur, darken, quality and webp in a fixed order', () => {
    expect(
      imageUrl('a.jpg', { strategy: 'resample', width: 40, webp: true, quality: 20, darken: 30, blur: 10 }),
    ).toBe(`${CDN}/v2/resize:fit:40/blur:10/darken:30/quality:20/format:webp/a.jpg`);
  });

  it('proxies the original untouched', () => {
    expect(imageUrl('https://example.org/x.png', { strategy: 'proxy', width: 100, webp: true })).toBe(
      `${CDN}/v2/proxy/https%3A%2F%2Fexample.org%2Fx.png`,
    );
  });

  it('takes a configured origin', () => {
    expect(imageUrl('a.jpg', { strategy: 'resample', width: 10, origin: 'http://localhost:8787/_/img/' })).toBe(
      'http://localhost:8787/_/img/v2/resize:fit:10/a.jpg',
    );
  });

  it.each([
    [{ strategy: 'resample', width: 0 }],
    [{ strategy: 'resample', width: -5 }],
    [{ strategy: 'crop', width: 10, height: Number.POSITIVE_INFINITY }],
    [{ strategy: 'resample', quality: 0 }],
    [{ strategy: 'resample', quality: 101 }],
    [{ strategy: 'resample', darken: 120 }],
    [{ strategy: 'resample', blur: 0 }],
  ] as const)('rejects bad options %j', (options) => {
    expect(() => imageUrl('a.jpg', options)).toThrow(Error);
  });

  it('needs an id', () => {
    expect(() => imageUrl('', { strategy: 'resample' })).toThrow('Image id is required');
  });
});

describe('videoManifestUrl', () => {
  it('builds an HLS playlist or a DASH manifest address', () => {
    expect(videoManifestUrl('v1', 'hls')).toBe(`${CDN}/v2/video/v1/playlist.m3u8`);
    expect(videoManifestUrl('v1', 'dash', 'https://media.example/')).toBe('https://media.example/v2/video/v1/manifest.mpd');
  });
});
