// The two-factor secret at rest (docs/adr/0183-two-factor-secret-at-rest.md): sealed with a key
// from AUTH_SECRET for one account; another key or another account does not open it; a value
// kept before encryption reads as it is.
import { describe, expect, it } from 'vitest';
import { isSealed, openTwoFactorSecret, sealTwoFactorSecret } from '../../../worker/auth/two-factor-secret.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('the two-factor secret at rest', () => {
  it('is sealed, differently each time, and opens with the same key for the same account', async () => {
    const a = await sealTwoFactorSecret('auth-secret-1', 'u1', SECRET);
    const b = await sealTwoFactorSecret('auth-secret-1', 'u1', SECRET);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain(SECRET);
    expect(a).not.toBe(b);
    expect(await openTwoFactorSecret('auth-secret-1', 'u1', a)).toBe(SECRET);
  });
  it('does not open with another key, for another account, or changed', async () => {
    const sealed = await sealTwoFactorSecret('auth-secret-1', 'u1', SECRET);
    await expect(openTwoFactorSecret('auth-secret-2', 'u1', sealed)).rejects.toThrow();
    await expect(openTwoFactorSecret('auth-secret-1', 'u2', sealed)).rejects.toThrow();
    const changed = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    await expect(openTwoFactorSecret('auth-secret-1', 'u1', changed)).rejects.toThrow();
  });
  it('reads a secret kept before encryption as it is', async () => {
    expect(isSealed(SECRET)).toBe(false);
    expect(await openTwoFactorSecret('auth-secret-1', 'u1', SECRET)).toBe(SECRET);
  });
});
