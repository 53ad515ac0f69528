// Mastodon for members' pure rules (docs/adr/0180-mastodon-for-members.md): what a typed instance
// names, that the stand-in exists in development only, and the members' instance setting.
import { describe, expect, it } from 'vitest';
import { instanceDomain, mastodonAccountUrl, membersInstance } from '../../../worker/integrations/mastodon.ts';
import { usesLocalMastodon } from '../../../worker/integrations/mastodon-local-instance.ts';
import type { Env } from '../../../worker/env.ts';

const env = (vars: Partial<Env>) => ({ env: { ENVIRONMENT: 'development', AUTH_DOMAIN: 'localhost:8787', ...vars } as Env });

describe('instanceDomain', () => {
  it('reads an address, a URL or a handle', () => {
    expect(instanceDomain('mastodon.social')).toBe('mastodon.social');
    expect(instanceDomain(' https://Mastodon.Social/ ')).toBe('mastodon.social');
    expect(instanceDomain('@ada@hachyderm.io')).toBe('hachyderm.io');
    expect(instanceDomain('ada@hachyderm.io')).toBe('hachyderm.io');
  });
  it('refuses what is not an instance', () => {
    expect(instanceDomain('')).toBeNull();
    expect(instanceDomain('https://mastodon.social/@ada')).toBeNull();
    expect(instanceDomain('https://mastodon.social/?x=1')).toBeNull();
  });
});

describe('the members’ instance', () => {
  it('is the stand-in in development only', () => {
    expect(usesLocalMastodon({ ENVIRONMENT: 'development', MASTODON_INSTANCE: 'local' })).toBe(true);
    expect(usesLocalMastodon({ ENVIRONMENT: 'production', MASTODON_INSTANCE: 'local' })).toBe(false);
    expect(membersInstance(env({ ENVIRONMENT: 'production', MASTODON_INSTANCE: 'local' }))).toBeNull();
    expect(membersInstance(env({ MASTODON_INSTANCE: 'local' }))?.domain).toBe('mastodon.localhost');
  });
  it('is a configured https origin on the public internet, or none', () => {
    expect(membersInstance(env({ MASTODON_INSTANCE: 'https://members.example.org' }))?.domain).toBe('members.example.org');
    expect(membersInstance(env({ MASTODON_INSTANCE: 'http://members.example.org' }))).toBeNull();
    expect(membersInstance(env({ MASTODON_INSTANCE: 'https://10.0.0.2' }))).toBeNull();
    expect(membersInstance(env({}))).toBeNull();
  });
  it('links a stand-in account to the stand-in’s own page, others to their instance', () => {
    expect(mastodonAccountUrl(env({ MASTODON_INSTANCE: 'local' }), { domain: 'mastodon.localhost', username: 'mel' })).toBe('http://localhost:8787/_/dev/mastodon/@mel');
    expect(mastodonAccountUrl(env({}), { domain: 'mastodon.social', username: 'ada' })).toBe('https://mastodon.social/@ada');
  });
});
