// The cache key: host kind + host + path + allow-listed query parameters.
import { describe, expect, it } from 'vitest';
import { addressTag, canonicalPageUrl, deploymentVersion, pageKey } from '../../../worker/cache/cache-key.ts';

const main = { kind: 'default' as const, host: 'vellum.example' };
const key = (href: string, host: { kind: 'default' | 'user' | 'collection'; host: string } = main, allowed?: string[]) =>
  pageKey(host, new URL(href), 'v1', allowed);

describe('pageKey', () => {
  it('names host kind, host and path, on the page\'s own host under a reserved prefix', () => {
    expect(key('https://vellum.example/p/abc')).toEqual({
      url: 'https://vellum.example/_/edge-cache/v1/default/p/abc',
      address: 'default/vellum.example/p/abc',
    });
    expect(key('https://wren.test/abc', { kind: 'user', host: 'wren.test' }).address).toBe('user/wren.test/abc');
    expect(key('https://VELLUM.example/p/abc', { kind: 'default', host: 'VELLUM.example' }).address).toBe('default/vellum.example/p/abc');
  });

  it('drops tracking and every unlisted parameter, whatever their order', () => {
    const plain = key('https://vellum.example/p/abc');
    for (const query of ['?source=home', '?utm_source=a&utm_medium=b&utm_campaign=c', '?gclid=1&fbclid=2', '?anything=else', '?']) {
      expect(key(`https://vellum.example/p/abc${query}`)).toEqual(plain);
    }
    expect(key('https://vellum.example/p/abc#frag')).toEqual(plain);
  });

  it('keeps allow-listed parameters, sorted, so their order does not split the cache', () => {
    const a = key('https://vellum.example/tag/x?page=2&sort=new&utm_source=z', main, ['page', 'sort']);
    const b = key('https://vellum.example/tag/x?sort=new&source=y&page=2', main, ['page', 'sort']);
    expect(a).toEqual(b);
    expect(a.address).toBe('default/vellum.example/tag/x?page=2&sort=new');
    expect(key('https://vellum.example/tag/x?page=3', main, ['page'])).not.toEqual(a);
  });

  it('keeps the path exactly as parsed: encoded and decoded variants are different keys', () => {
    const paths = ['/me/settings/x.css', '/me/settings%2Fx.css', '/me/settings;x.js', '/me/settings/x%2Ecss', '/p/abc/'];
    const addresses = paths.map((p) => key(`https://vellum.example${p}`).address);
    expect(new Set(addresses).size).toBe(paths.length);
    expect(key('https://vellum.example/a/../p/abc').address).toBe('default/vellum.example/p/abc');
  });

  it('hosts and host kinds never share a key', () => {
    expect(key('https://a.example/x', { kind: 'user', host: 'a.example' }).url).not.toBe(key('https://a.example/x', { kind: 'collection', host: 'a.example' }).url);
    expect(key('https://a.example/x', { kind: 'user', host: 'a.example' }).url).not.toBe(key('https://b.example/x', { kind: 'user', host: 'b.example' }).url);
  });
});

describe('canonicalPageUrl', () => {
  it('is the URL a cacheable page is rendered from', () => {
    expect(canonicalPageUrl(new URL('https://v.example/p/a?utm_source=x&source=y#h')).href).toBe('https://v.example/p/a');
  });
});

describe('addressTag and deploymentVersion', () => {
  it('an address tag is stable and distinct per address', async () => {
    const a = await addressTag('default/vellum.example/p/abc');
    expect(a).toMatch(/^url:[0-9a-f]{24}$/);
    expect(await addressTag('default/vellum.example/p/abc')).toBe(a);
    expect(await addressTag('default/vellum.example/p/abd')).not.toBe(a);
  });

  it('the deployment version changes with any of its parts', () => {
    const v = deploymentVersion(['{"js":"/assets/entry-A.js"}', 'enable_lo_homepage', 'production']);
    expect(v).toMatch(/^[0-9a-f]{8}$/);
    expect(deploymentVersion(['{"js":"/assets/entry-B.js"}', 'enable_lo_homepage', 'production'])).not.toBe(v);
    expect(deploymentVersion(['{"js":"/assets/entry-A.js"}', 'enable_lo_homepage,disable_edge_cache', 'production'])).not.toBe(v);
  });
});
