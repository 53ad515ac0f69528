// The DNS-over-HTTPS adapter of custom-domain verification (worker/accounts/dns/dns-resolver.ts)
// against answers shaped as the public resolvers' JSON API gives them (application/dns-json),
// and the domain rules of worker/accounts/custom-domain.ts.
import { describe, expect, it } from 'vitest';
import { DnsLookupFailed, DnsOverHttpsResolver, txtValue } from '../../../worker/accounts/dns/dns-resolver.ts';
import { normalizeDomain, verificationValue } from '../../../worker/accounts/custom-domain.ts';

function fakeDoh(body: unknown, status = 200) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(String(input));
    expect(new Headers(init?.headers).get('accept')).toBe('application/dns-json');
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/dns-json' } });
  }) as typeof fetch;
  return { asked, resolver: new DnsOverHttpsResolver('https://doh.example/dns-query', fetcher) };
}

describe('DnsOverHttpsResolver', () => {
  it('asks for the name and type and answers the TXT strings, joined and unquoted', async () => {
    const { asked, resolver } = fakeDoh({
      Status: 0,
      Answer: [
        { name: '_vellum-verification.blog.example.com.', type: 16, TTL: 300, data: '"vellum-verification=abc"' },
        { name: '_vellum-verification.blog.example.com.', type: 16, TTL: 300, data: '"long-" "value \\"quoted\\""' },
        { name: 'x.example.net.', type: 5, TTL: 300, data: 'x.example.net.' },
      ],
    });
    expect(await resolver.lookup('_vellum-verification.Blog.Example.com.', 'TXT')).toEqual(['vellum-verification=abc', 'long-value "quoted"']);
    expect(asked).toEqual(['https://doh.example/dns-query?name=_vellum-verification.blog.example.com&type=TXT']);
  });

  it('answers CNAME targets without the final dot', async () => {
    const { resolver } = fakeDoh({ Status: 0, Answer: [{ name: 'blog.example.com.', type: 5, TTL: 300, data: 'Vellum.Example.' }] });
    expect(await resolver.lookup('blog.example.com', 'CNAME')).toEqual(['vellum.example']);
  });

  it('treats NXDOMAIN as no records, and a server failure or HTTP error as a failed lookup', async () => {
    expect(await fakeDoh({ Status: 3 }).resolver.lookup('nothing.example', 'TXT')).toEqual([]);
    await expect(fakeDoh({ Status: 2 }).resolver.lookup('broken.example', 'TXT')).rejects.toBeInstanceOf(DnsLookupFailed);
    await expect(fakeDoh({}, 503).resolver.lookup('down.example', 'TXT')).rejects.toBeInstanceOf(DnsLookupFailed);
  });

  it('reads unquoted TXT data as it is', () => {
    expect(txtValue('plain')).toBe('plain');
  });
});

describe('custom domain rules', () => {
  const env = { MAIN_HOST: 'vellum.example', AUTH_DOMAIN: 'vellum.example' };

  it('forgives a scheme, a path slash, capitals and a final dot', () => {
    expect(normalizeDomain(' https://Blog.Example.com/ ', env)).toBe('blog.example.com');
    expect(normalizeDomain('blog.example.com.', env)).toBe('blog.example.com');
    expect(normalizeDomain('xn--bcher-kva.example', env)).toBe('xn--bcher-kva.example');
  });

  it('refuses our own names, IP addresses and names that are not host names', () => {
    for (const bad of ['vellum.example', 'ada.vellum.example', '10.0.0.1', 'a_b.example', 'ex ample.com', 'user@example.com', 'example.com:8080', '']) {
      expect(normalizeDomain(bad, env), bad).toBeNull();
    }
  });

  it('binds the verification value to the account and the domain', async () => {
    const value = await verificationValue('aa0000000001', 'blog.example.com');
    expect(value).toMatch(/^vellum-verification=[0-9a-f]{32}$/);
    expect(await verificationValue('aa0000000002', 'blog.example.com')).not.toBe(value);
    expect(await verificationValue('aa0000000001', 'other.example.com')).not.toBe(value);
  });
});
