// Which story a fediverse activity names (issue 30 point 4): a reply's inReplyTo, a Like's or an
// Announce's object is the story's Article id (/ap/stories/{id} on the main host,
// worker/federation/stories.ts) or, from servers that link rather than quote, its canonical
// address on any of Vellum's hosts (/@{username}/{slug}-{id}, a publication's or a custom
// domain's /{slug}-{id}). This module imports nothing of Fedify.
import type { Env } from '../env.ts';
import { resolveHost } from '../host/resolve-host.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';

/** The Article's own address: on the main host, the actors' host, whatever the story's domain. */
export const STORY_OBJECT_PATH = '/ap/stories/';

/** The story id `target` names on one of this deployment's hosts, or null. Not checked to exist. */
export async function storyIdOfAddress(env: Env, target: URL): Promise<string | null> {
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (!(await resolveHost(env.DB, env, target.host))) return null;
  const path = target.pathname.replace(/\/+$/, '');
  if (path.startsWith(STORY_OBJECT_PATH)) {
    const id = path.slice(STORY_OBJECT_PATH.length);
    return id !== '' && !id.includes('/') ? postIdFromParam(id) : null;
  }
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last ? postIdFromParam(last) : null;
}
