// A story's license (docs/product/3-routes-data-calls-constants.md §3; shared/stories/license.ts):
// chosen in the story settings (updatePostSettings), served as Post.license, shown on the story
// page, taken and sent by /v1 (all-rights-reserved, cc-40-by, …).
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { graphql, testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';
import { POST_LICENSES } from '../../shared/stories/license.ts';

const ORIGIN = 'http://localhost:8787';

beforeAll(async () => {
  await seedWorld(testDb);
});

const SETTINGS = `mutation($postId: ID!, $license: PostLicense) {
  updatePostSettings(postId: $postId, responsesLocked: false, memberOnly: false, license: $license) {
    __typename ... on Post { id license } ... on NotFound { message } ... on BadRequest { message }
  }
}`;

describe('the story settings', () => {
  it('a story is all rights reserved until its author chooses; the choice is served and shown on the story', async () => {
    const before = await graphql(`{ post(id: "${POSTS.open}") { license } }`);
    expect(before.data.post.license).toBe('ALL_RIGHTS_RESERVED');

    const writer = await signedIn(USERS.writer);
    const saved = (await writer.gql(SETTINGS, { postId: POSTS.open, license: 'CC_40_BY_SA' })).data.updatePostSettings;
    expect(saved).toEqual({ __typename: 'Post', id: POSTS.open, license: 'CC_40_BY_SA' });
    // Saving the other settings without a license keeps it.
    const kept = (await writer.gql(SETTINGS, { postId: POSTS.open })).data.updatePostSettings;
    expect(kept.license).toBe('CC_40_BY_SA');

    const url = (await graphql(`{ post(id: "${POSTS.open}") { license mediumUrl } }`)).data.post;
    expect(url.license).toBe('CC_40_BY_SA');
    const page = await workerFetch(url.mediumUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Creative Commons Attribution-ShareAlike 4.0');
    expect(html).toContain('https://creativecommons.org/licenses/by-sa/4.0/');
  });

  it('only its author may change it, and only to a license the site offers', async () => {
    const reader = await signedIn(USERS.reader);
    expect((await reader.gql(SETTINGS, { postId: POSTS.open, license: 'PUBLIC_DOMAIN' })).data.updatePostSettings.__typename).toBe('NotFound');
    const writer = await signedIn(USERS.writer);
    const refused = await writer.gql(SETTINGS, { postId: POSTS.open, license: 'CC_30_BY' });
    expect(refused.errors?.[0]?.message).toMatch(/PostLicense/);
    expect(POST_LICENSES).toHaveLength(9);
  });
});

const CREATE_TOKEN = `mutation { createIntegrationToken(description: "License test") { __typename ... on CreatedIntegrationToken { token } } }`;

async function postViaApi(body: Record<string, unknown>) {
  const token = (await (await signedIn(USERS.writer)).gql(CREATE_TOKEN)).data.createIntegrationToken.token as string;
  return workerFetch(`${ORIGIN}/v1/users/${USERS.writer}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Licensed', contentFormat: 'markdown', content: 'Some words.', ...body }),
  });
}

describe('/v1', () => {
  it('takes a license, stores it and sends it back with its deed', async () => {
    const response = await postViaApi({ license: 'cc-40-zero' });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string; license: string; licenseUrl: string } };
    expect(data).toMatchObject({ license: 'cc-40-zero', licenseUrl: 'https://creativecommons.org/publicdomain/zero/1.0/' });
    expect((await graphql(`{ post(id: "${data.id}") { license } }`)).data.post.license).toBe('CC_40_ZERO');
  });

  it('defaults to all rights reserved and refuses an unknown license', async () => {
    const plain = (await (await postViaApi({})).json()) as { data: { license: string; licenseUrl: string } };
    expect(plain.data).toMatchObject({ license: 'all-rights-reserved', licenseUrl: '' });
    const bad = await postViaApi({ license: 'mine-only' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('license must be one of all-rights-reserved, cc-40-by');
  });
});
