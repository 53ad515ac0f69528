// The address check of /_/upload-url (worker/uploads/remote-address.ts): only https on the
// standard port to a public host; the machine itself, private networks, link-local (cloud
// metadata) and every spelling of them are refused before any connection.
import { describe, expect, it } from 'vitest';
import { checkRemoteAddress } from '../../../worker/uploads/remote-address.ts';

describe('checkRemoteAddress', () => {
  it.each([
    'https://images.unsplash.com/photo-1.jpg',
    'https://cdn.example.org/a/b.png?size=2',
    'https://8.8.8.8/logo.png',
    'https://[2606:4700:4700::1111]/logo.png',
    'https://photos.example.org:443/lake.png', // the default port, written out
  ])('accepts %s', (address) => {
    expect(checkRemoteAddress(address).ok).toBe(true);
  });

  it.each([
    ['not an address', 'images/cat.png'],
    ['http', 'http://images.unsplash.com/photo.jpg'],
    ['another scheme', 'ftp://images.unsplash.com/photo.jpg'],
    ['file', 'file:///etc/passwd'],
    ['data', 'data:image/png;base64,AAAA'],
    ['a port', 'https://images.unsplash.com:8443/photo.jpg'],
    ['credentials', 'https://user:pass@images.unsplash.com/photo.jpg'],
    ['localhost', 'https://localhost/cat.png'],
    ['a name under localhost', 'https://evil.localhost/cat.png'],
    ['a single-label name', 'https://metadata/computeMetadata/v1/'],
    ['an internal zone', 'https://db.internal/cat.png'],
    ['loopback', 'https://127.0.0.1/cat.png'],
    ['loopback written as a number', 'https://2130706433/cat.png'],
    ['loopback written in hex', 'https://0x7f.1/cat.png'],
    ['the unspecified address', 'https://0.0.0.0/cat.png'],
    ['10/8', 'https://10.1.2.3/cat.png'],
    ['172.16/12', 'https://172.20.0.1/cat.png'],
    ['192.168/16', 'https://192.168.1.1/cat.png'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', 'https://100.64.0.1/cat.png'],
    ['multicast', 'https://224.0.0.1/cat.png'],
    ['IPv6 loopback', 'https://[::1]/cat.png'],
    ['IPv6 unspecified', 'https://[::]/cat.png'],
    ['IPv6 link-local', 'https://[fe80::1]/cat.png'],
    ['IPv6 unique local', 'https://[fd00::1]/cat.png'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/cat.png'],
    ['6to4 around a private address', 'https://[2002:c0a8:101::1]/cat.png'],
  ])('refuses %s', (_what, address) => {
    const answer = checkRemoteAddress(address);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.reason.length).toBeGreaterThan(10);
  });
});
