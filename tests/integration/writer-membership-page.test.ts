// /@{username}/membership and /membership/@{username}: a writer's invitation to membership with
// the configured plans; unknown writers 404, suspended and deleted 410; the member-only story's
// paywall links to it.
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';

async function page(path: string) {
  const response = await workerFetch(`http://localhost:8787${path}`);
  return { status: response.status, pageName: response.headers.get('x-page-name'), html: await response.text() };
}

beforeAll(async () => {
  await seedWorld(testDb);
});

describe("a writer's membership page", () => {
  it.each(['/@writer/membership', '/membership/@writer'])('%s invites to membership in the writer’s name, with the plans', async (path) => {
    const answer = await page(path);
    expect(answer.status).toBe(200);
    expect(answer.pageName).toBe('user-driven-membership-promotion');
    expect(answer.html).toContain('Support Wren Writer’s writing');
    expect(answer.html).toContain('data-plan="MONTHLY"');
    expect(answer.html).toContain('<title>Support Wren Writer – ');
  });

  it('is 404 for an unknown writer and 410 for a suspended or deleted one, with no plans', async () => {
    expect((await page('/@nobody-here/membership')).status).toBe(404);
    for (const username of ['suspended', 'deleted']) {
      const answer = await page(`/@${username}/membership`);
      expect(answer.status, username).toBe(410);
      expect(answer.html).not.toContain('data-plan="MONTHLY"');
    }
  });

  it("the member-only story's paywall links to its writer's page", async () => {
    const story = await page(`/p/${POSTS.locked}`);
    expect(story.html).toContain('data-testid="paywall"');
    expect(story.html).toMatch(/href="\/@writer\/membership"[^>]*data-testid="paywall-support-writer"/);
  });
});
