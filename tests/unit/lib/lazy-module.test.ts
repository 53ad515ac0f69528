import { describe, expect, it } from 'vitest';
import { lazyModule } from '../../../shared/lazy-module.ts';

describe('lazyModule', () => {
  it('imports once for callers that ask at once, and gives the module once it is in', async () => {
    let imports = 0;
    const lazy = lazyModule(async () => ({ n: ++imports }));
    expect(lazy.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(imports).toBe(1);
    expect(lazy.loaded()).toBe(a);
    expect(await lazy.load()).toBe(a);
    expect(imports).toBe(1);
  });

  it('forgets a failed load: the next caller imports again', async () => {
    let attempts = 0;
    const lazy = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network');
      return { attempt: attempts };
    });
    await expect(lazy.load()).rejects.toThrow('network');
    expect(lazy.loaded()).toBeUndefined();
    expect(await lazy.load()).toEqual({ attempt: 2 });
    expect(attempts).toBe(2);
    expect(lazy.loaded()).toEqual({ attempt: 2 });
  });
});
