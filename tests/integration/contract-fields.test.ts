// Issue 27 points 4 and 6 (docs/entities.md): the spec's fields and enumerations as the API
// answers them — the writer's membership promotion (the SUBSCRIPTION_PROMOTION switch), entity
// kinds on follow answers, client app support states, the creator-partner program flags on
// stories, curation status for topic curators (and the add-stories page that shows it),
// layerCake and Collection.isAuroraVisible.
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testEnv } from './helpers/graphql-client.ts';
import { call, page, sessionOf } from './helpers/story.ts';
import { servedClientBuild } from '../../worker/host/client-app-support.ts';
import { configuredFlags } from '../../worker/env.ts';

beforeAll(async () => {
  await seedWorld(testEnv.DB);
});

describe('membership promotion', () => {
  const SET = `mutation ($enabled: Boolean!) { setMembershipPromotion(enabled: $enabled) { enabled username } }`;
  const READ = `query ($id: ID!) { post(id: $id) { creator { id membershipPromotionEnabled } } }`;

  it('is on until the writer turns it off, and every reader of their stories then reads it off', async () => {
    const writer = await sessionOf('writer');
    expect((await call(READ, { id: POSTS.open })).data.post.creator.membershipPromotionEnabled).toBe(true);
    const off = await call(SET, { enabled: false }, { session: writer });
    expect(off.errors).toBeUndefined();
    expect(off.data.setMembershipPromotion.enabled).toBe(false);
    expect(off.data.setMembershipPromotion.username).toMatch(/\S/);
    expect((await call(READ, { id: POSTS.open })).data.post.creator.membershipPromotionEnabled).toBe(false);
    const settings = await call(`{ accountSettings { membershipPromotionEnabled } }`, {}, { session: writer });
    expect(settings.data.accountSettings.membershipPromotionEnabled).toBe(false);
    await call(SET, { enabled: true }, { session: writer });
    expect((await call(READ, { id: POSTS.open })).data.post.creator.membershipPromotionEnabled).toBe(true);
  });

  it('needs a signed-in writer', async () => {
    const answer = await call(SET, { enabled: false });
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('entity kinds', () => {
  it('names the kind of what a follow or mute call changed', async () => {
    const reader = await sessionOf('reader');
    const user = await call(`mutation ($id: ID!) { followUser(targetUserId: $id) { ... on ViewerEdgeUpdate { entityKind targetType } } }`, { id: USERS.writer }, { session: reader });
    expect(user.data.followUser).toEqual({ entityKind: 'USER', targetType: 'USER' });
    const publication = await call(`mutation ($id: ID!) { mutePub(targetCollectionId: $id) { ... on ViewerEdgeUpdate { entityKind } } }`, { id: COLLECTIONS.quill }, { session: reader });
    expect(publication.data.mutePub.entityKind).toBe('COLLECTION');
    const topic = await call(`mutation { followTag(tagSlug: "poetry") { ... on ViewerEdgeUpdate { entityKind } } }`, {}, { session: reader });
    expect(topic.data.followTag.entityKind).toBe('TAG');
    const kinds = await call(`{ __type(name: "EntityKind") { enumValues { name } } }`);
    expect(kinds.data.__type.enumValues.map((v: { name: string }) => v.name)).toEqual(['BOOK_EDITION', 'CATALOG', 'COLLECTION', 'POST', 'TAG', 'USER', 'PARAGRAPH', 'TOPIC']);
  });
});

describe('client app support', () => {
  const ASK = `query ClientAppSupportStateQuery($version: String!) { clientAppSupportState(version: $version) }`;

  it('tells the build served now from an older one and from a name that is no build', async () => {
    const served = servedClientBuild();
    expect(served).toMatch(/^entry-/);
    expect((await call(ASK, { version: served })).data.clientAppSupportState).toBe('SUPPORTED');
    expect((await call(ASK, { version: 'entry-0ld8uild' })).data.clientAppSupportState).toBe('DEPRECATED');
    for (const version of ['', '1.2.3', 'entry-<script>', 'x'.repeat(300)]) {
      expect((await call(ASK, { version })).data.clientAppSupportState).toBe('INVALID_VERSION');
    }
  });
});

describe('creator-partner program flags', () => {
  const READ = `query ($id: ID!) { post(id: $id) { creatorPartnerProgramFlags { isCreatorEnrolled isEarning } } }`;

  it('say whether the writer is enrolled and whether this story earns', async () => {
    expect((await call(READ, { id: POSTS.open })).data.post.creatorPartnerProgramFlags).toEqual({ isCreatorEnrolled: false, isEarning: false });
    await testEnv.DB.prepare("UPDATE users SET partner_program_status = 'PENDING_ACTION' WHERE id = ?").bind(USERS.writer).run();
    try {
      expect((await call(READ, { id: POSTS.open })).data.post.creatorPartnerProgramFlags).toEqual({ isCreatorEnrolled: true, isEarning: true });
      // A draft earns nothing yet (its writer reads it).
      const writer = await sessionOf('writer');
      expect((await call(READ, { id: POSTS.draft }, { session: writer })).data.post.creatorPartnerProgramFlags).toEqual({ isCreatorEnrolled: true, isEarning: false });
      await testEnv.DB.prepare("UPDATE users SET partner_program_status = 'INACTIVE' WHERE id = ?").bind(USERS.writer).run();
      expect((await call(READ, { id: POSTS.open })).data.post.creatorPartnerProgramFlags).toEqual({ isCreatorEnrolled: false, isEarning: false });
    } finally {
      await testEnv.DB.prepare('UPDATE users SET partner_program_status = NULL WHERE id = ?').bind(USERS.writer).run();
    }
  });
});

describe('curation status and layerCake', () => {
  const READ = `query ($id: ID!) { post(id: $id) { curationStatus layerCake } }`;

  it('shows topic curators and staff how curation treats a story, and no one else', async () => {
    const staff = await sessionOf('staff');
    const reader = await sessionOf('reader');
    const member = await sessionOf('member');
    await testEnv.DB.prepare('DELETE FROM topic_featured_posts WHERE post_id = ?').bind(POSTS.open).run();
    expect((await call(READ, { id: POSTS.open }, { session: reader })).data.post).toEqual({ curationStatus: null, layerCake: 0 });
    expect((await call(READ, { id: POSTS.open })).data.post.curationStatus).toBeNull();
    expect((await call(READ, { id: POSTS.open }, { session: staff })).data.post.curationStatus).toBe('NOT_REVIEWED');
    // A curator of one of the story's topics (writing) sees it; featuring it distributes it.
    await testEnv.DB.prepare('INSERT OR IGNORE INTO topic_curators (tag_slug, user_id, created_at) VALUES (?, ?, ?)').bind('writing', USERS.member, Date.now()).run();
    await testEnv.DB.prepare('INSERT INTO topic_featured_posts (tag_slug, post_id, position, featured_by, featured_at) VALUES (?, ?, 0, ?, ?)').bind('technology', POSTS.open, USERS.staff, Date.now()).run();
    try {
      expect((await call(READ, { id: POSTS.open }, { session: member })).data.post).toEqual({ curationStatus: 'DISTRIBUTED', layerCake: 1 });
      expect((await call(READ, { id: POSTS.open }, { session: reader })).data.post).toEqual({ curationStatus: null, layerCake: 1 });
      // A story that cannot be put before a topic's readers is DISABLED.
      expect((await call(READ, { id: POSTS.unlisted }, { session: staff })).data.post.curationStatus).toBe('DISABLED');
      // The add-stories page shows each of the topic's newest stories with its status.
      const addPage = await page('/topic/technology/add-posts', staff);
      expect(addPage.status).toBe(200);
      expect(addPage.text).toContain('data-curation-status="DISTRIBUTED"');
      expect(addPage.text).toContain('>Distributed<');
    } finally {
      await testEnv.DB.prepare('DELETE FROM topic_featured_posts WHERE post_id = ?').bind(POSTS.open).run();
      await testEnv.DB.prepare('DELETE FROM topic_curators WHERE user_id = ?').bind(USERS.member).run();
    }
  });
});

describe('Collection.isAuroraVisible', () => {
  it('follows enable_lite_publications, the flag that picks the community pages', async () => {
    const answer = await call(`query ($s: String!) { publicationByDomainOrSlug(domainOrSlug: $s) { id isAuroraVisible } }`, { s: 'the-quill' });
    expect(answer.data.publicationByDomainOrSlug.isAuroraVisible).toBe(configuredFlags(testEnv).has('enable_lite_publications'));
  });
});
