// The policy builder and the report parser (docs/adr/0051-security-headers.md and docs/adr/0052-page-content-security-policy.md): what each
// configuration allows, and both report formats browsers send.
import { describe, expect, it } from 'vitest';
import { fixedScriptHashSource, pageContentSecurityPolicy, scriptHashSource, staticSecurityHeaders } from '../../../worker/hardening/security-headers.ts';
import { parseCspReports } from '../../../worker/reports/csp-reports.ts';

const base = { ENVIRONMENT: 'production', MAIN_HOST: 'vellum.example', SEARCH_APP_ID: 'VELLUMLOCAL' };
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(name + ' '));

describe('pageContentSecurityPolicy', () => {
  it('allows scripts by origin and hash only, and nothing else by default', () => {
    const policy = pageContentSecurityPolicy(base, { scriptHashes: ["'sha256-abc='"], allowFraming: false });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc='");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(policy, 'report-uri')).toBe('report-uri /_/clientele/reports/csp');
  });

  it('adds a configured image CDN, search host and the sign-in widgets only when configured', () => {
    const policy = pageContentSecurityPolicy(
      { ...base, IMAGE_ORIGIN: 'https://miro.vellum.example/', SEARCH_APP_ID: 'ABC1', SEARCH_ADMIN_KEY: 'admin-secret', TURNSTILE_SITE_KEY: 'k', GOOGLE_CLIENT_ID: 'g' },
      { scriptHashes: [], allowFraming: true },
    );
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://miro.vellum.example");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://abc1-dsn.algolia.net https://abc1.algolia.net https://abc1-1.algolianet.com https://abc1-2.algolianet.com https://abc1-3.algolianet.com https://accounts.google.com");
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://challenges.cloudflare.com https://accounts.google.com");
    expect(directive(policy, 'frame-src')).toBe('frame-src https://challenges.cloudflare.com https://accounts.google.com');
    expect(directive(policy, 'frame-ancestors')).toBe('frame-ancestors *');
  });

  it('lets forms go to this host, the main and sign-in hosts, and Stripe Checkout only when Stripe takes payments', () => {
    const production = pageContentSecurityPolicy({ ...base, AUTH_DOMAIN: 'auth.vellum.example' }, { scriptHashes: [], allowFraming: false });
    expect(directive(production, 'form-action')).toBe("form-action 'self' https://vellum.example https://auth.vellum.example https://checkout.stripe.com");
    const local = pageContentSecurityPolicy(
      { ENVIRONMENT: 'development', MAIN_HOST: 'localhost:8811', AUTH_DOMAIN: 'localhost:8811', PAYMENT_PROVIDER: 'local', SEARCH_APP_ID: 'VELLUMLOCAL' },
      { scriptHashes: [], allowFraming: false },
    );
    expect(directive(local, 'form-action')).toBe("form-action 'self' http://localhost:8811");
  });

  it('ignores a malformed configured origin rather than allowing it', () => {
    const policy = pageContentSecurityPolicy({ ...base, IMAGE_ORIGIN: "javascript:alert(1)'; script-src *" }, { scriptHashes: [], allowFraming: false });
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
  });

  it('hashes a script as browsers do (SHA-256, base64)', async () => {
    expect(await scriptHashSource('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('hashes a script every page runs once, and each such script by its own text', async () => {
    const first = fixedScriptHashSource('alert(1)');
    expect(fixedScriptHashSource('alert(1)')).toBe(first);
    expect(await first).toBe(await scriptHashSource('alert(1)'));
    expect(await fixedScriptHashSource('alert(2)')).toBe(await scriptHashSource('alert(2)'));
  });
});

describe('staticSecurityHeaders', () => {
  it('sends HSTS on deployed hosts only', () => {
    const names = (env: { ENVIRONMENT: string; MAIN_HOST: string }, url: string) => staticSecurityHeaders(env, url).map(([n]) => n);
    expect(names(base, 'https://vellum.example/')).toContain('strict-transport-security');
    expect(names({ ENVIRONMENT: 'development', MAIN_HOST: 'localhost:8787' }, 'http://localhost:8787/')).not.toContain('strict-transport-security');
    expect(names(base, 'http://localhost:8787/')).not.toContain('strict-transport-security');
    expect(names(base, 'https://vellum.example/')).toEqual(
      expect.arrayContaining(['x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']),
    );
  });
});

describe('parseCspReports', () => {
  it('reads the report-uri format', () => {
    const reports = parseCspReports({ 'csp-report': { 'document-uri': 'https://vellum.example/', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline', 'line-number': 3, extra: 'x' } });
    expect(reports).toEqual([{ documentURL: 'https://vellum.example/', effectiveDirective: 'script-src-elem', blockedURL: 'inline', lineNumber: 3 }]);
  });

  it('reads the Reporting API format, keeping only CSP reports, at most 20', () => {
    const one = { type: 'csp-violation', body: { documentURL: 'https://vellum.example/', effectiveDirective: 'img-src', blockedURL: 'https://x.example/a.png' } };
    const reports = parseCspReports([...Array.from({ length: 30 }, () => one), { type: 'deprecation', body: {} }]);
    expect(reports).toHaveLength(20);
    expect(reports![0]).toEqual({ documentURL: 'https://vellum.example/', effectiveDirective: 'img-src', violatedDirective: 'img-src', blockedURL: 'https://x.example/a.png' });
  });

  it('refuses anything else', () => {
    expect(parseCspReports({ hello: 1 })).toBeNull();
    expect(parseCspReports('x')).toBeNull();
  });
});
