// The daily job deletes expired account-data archives (docs/adr/0085-download-my-data.md;
// worker/accounts/expired-exports.ts): the expired rows and their R2 objects go, fresh ones stay,
// a second run changes nothing, and a run that stopped after the objects (rows left behind) is
// finished by the next.
import { beforeAll, describe, expect, it } from 'vitest';
import { createExport, EXPORT_LIFETIME_MS } from '../../worker/accounts/account-export.ts';
import { runScheduledJobs } from '../../worker/jobs/scheduled.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';

const DAY = 24 * 60 * 60 * 1000;
const key = (id: string) => `exports/${id}.zip`;
const rowIds = async () => (await testDb.prepare('SELECT id FROM account_exports ORDER BY id').all<{ id: string }>()).results.map((r) => r.id);
const hasObject = async (id: string) => (await testEnv.IMAGES.head(key(id))) !== null;

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare('DELETE FROM account_exports').run();
});

describe('the daily job', () => {
  it('deletes expired archives, rows and objects, and keeps the others', async () => {
    const now = Date.now();
    const expired = await createExport(testEnv, USERS.writer, now - EXPORT_LIFETIME_MS - DAY);
    const justExpired = await createExport(testEnv, USERS.member, now - EXPORT_LIFETIME_MS);
    const fresh = await createExport(testEnv, USERS.reader, now - DAY);
    for (const e of [expired, justExpired, fresh]) expect(await hasObject(e.id)).toBe(true);

    await runScheduledJobs(testEnv, now);
    expect(await rowIds()).toEqual([fresh.id]);
    expect(await hasObject(expired.id)).toBe(false);
    expect(await hasObject(justExpired.id)).toBe(false);
    expect(await hasObject(fresh.id)).toBe(true);

    // Idempotent: the next run finds nothing to do and keeps the fresh archive.
    await runScheduledJobs(testEnv, now);
    expect(await rowIds()).toEqual([fresh.id]);
    expect(await hasObject(fresh.id)).toBe(true);
  });

  it('finishes a run that stopped after deleting the objects: rows without objects are deleted', async () => {
    const now = Date.now();
    const stranded = await createExport(testEnv, USERS.friend, now - EXPORT_LIFETIME_MS - DAY);
    await testEnv.IMAGES.delete(key(stranded.id));
    await runScheduledJobs(testEnv, now);
    expect(await rowIds()).not.toContain(stranded.id);
  });
});
