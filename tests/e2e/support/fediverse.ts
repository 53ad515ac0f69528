// A new writer with a fediverse audience, for the browser tests of the audience page (issue 30):
// fediverse followers, Follows held for approval (and the setting that holds them), all on a
// .invalid instance so whatever the writer's answer queues (Accept, Reject) reaches no server.
// Each call makes its own writer: every attempt (a retry too) starts from its own state.
import { randomBytes } from 'node:crypto';
import { createNewReader, executeSql, type DemoSession } from './e2e-database.ts';

export const FEDIVERSE_INSTANCE = 'fediverse-e2e.invalid';

export interface FediverseAudienceSetup {
  /** Followers by preferredUsername, each with when they followed (ms). */
  followers?: readonly { name: string; at: number }[];
  /** Follows waiting for approval (turns "Approve fediverse followers" on). */
  requests?: readonly { name: string; at: number }[];
}

/** The actor id of a person on the test instance. */
export const fediversePerson = (name: string) => `https://${FEDIVERSE_INSTANCE}/users/${name}`;

export function writerWithFediverseAudience(prefix: string, displayName: string, setup: FediverseAudienceSetup): DemoSession {
  const writer = createNewReader(`${prefix}${randomBytes(4).toString('hex')}`, displayName);
  const of = `FROM users WHERE username = '${writer.username}'`;
  const row = (table: string, name: string, at: number) =>
    `INSERT INTO ${table} (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at) ` +
    `SELECT id, '${fediversePerson(name)}', '${fediversePerson(name)}/inbox', NULL, 'https://${FEDIVERSE_INSTANCE}/follows/${name}', '${name}', ${at} ${of}`;
  const statements = [
    ...(setup.followers ?? []).map((f) => row('federation_followers', f.name, f.at)),
    ...(setup.requests?.length ? [`INSERT INTO federation_actor_settings (actor_id, approves_followers, updated_at) SELECT id, 1, ${Date.now()} ${of}`] : []),
    ...(setup.requests ?? []).map((r) => row('federation_follow_requests', r.name, r.at)),
  ];
  if (statements.length > 0) executeSql(statements.join(';\n'));
  return writer;
}
