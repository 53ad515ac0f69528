// The federation.story message (issue 30 point 3; docs/adr/0178-stories-federated-from-their-state.md):
// a story changed, and its fediverse followers may need to hear of it. What to send is decided
// without Fedify (worker/federation/story-state.ts); only when there is something to send is the
// story read — through the GraphQL schema in process, as a signed-out reader, so the
// member-content gate cuts a member-only story to its preview, as for the newsletter's email
// (worker/jobs/newsletter-send.ts) — and Fedify loaded to send it (worker/federation/stories.ts).
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';
import { tagUrl } from '../../shared/urls/misc-urls.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { FEED_STORY, type FeedStory } from '../feeds/feed-data.ts';
import { escapeHtml, storyHtml } from '../feeds/story-html.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { nextStoryActivity } from '../federation/story-state.ts';
import type { FederatedStory } from '../federation/stories.ts';
import { LOGGED_OUT } from '../session/viewer.ts';

const STORY_FOR_FEDIVERSE = /* GraphQL */ `
  query StoryForFediverse($id: ID!) {
    post(id: $id) {
      ...FeedStory
      previewImage {
        id
      }
      tags {
        slug
      }
    }
  }
  ${FEED_STORY}
`;

type StoryForFediverse = Omit<FeedStory, 'tags'> & { previewImage: { id: string } | null; tags: { slug: string; displayTitle: string }[] };

async function readStory(env: Env, postId: string): Promise<StoryForFediverse | null> {
  const context = requestContextFor({ db: env.DB, env, viewer: LOGGED_OUT, now: Date.now() });
  const result = await executeInProcess(STORY_FOR_FEDIVERSE, { id: postId }, context);
  return (result.data as { post: StoryForFediverse | null } | undefined)?.post ?? null;
}

/** The story as the fediverse gets it: what a signed-out reader may read, and the way to the rest. */
function federatedStory(env: Env, post: StoryForFediverse): FederatedStory {
  const origin = mainOrigin(env);
  const images = (id: string) => imageUrl(id, { strategy: 'resample', width: 1024, origin: origin + LOCAL_IMAGE_ORIGIN });
  const link = { hostKind: 'default' as const, mainOrigin: origin };
  let html = storyHtml(post.content.bodyModel.paragraphs, images);
  if (post.content.isLockedPreviewOnly) {
    html += `<p><a href="${escapeHtml(post.mediumUrl)}">${escapeHtml(`Read the whole story on ${env.PRODUCT_NAME}: it is for members.`)}</a></p>`;
  }
  return {
    title: post.title,
    summary: post.subtitle ? post.subtitle : null,
    url: post.mediumUrl,
    html,
    imageUrl: post.previewImage ? images(post.previewImage.id) : null,
    tags: post.tags.map((tag) => ({ name: `#${tag.displayTitle.replace(/\s+/g, '')}`, href: origin + tagUrl(tag.slug, link) })),
  };
}

export async function federateStoryChange(env: Env, postId: string): Promise<void> {
  const plan = await nextStoryActivity(env.DB, postId);
  if (!plan) return;
  let story: FederatedStory | null = null;
  if (plan.activity !== 'Delete') {
    const post = await readStory(env, postId);
    if (!post) return;
    story = federatedStory(env, post);
  }
  // Loaded only now: the worker's start-up and its HIT path never evaluate Fedify.
  const { sendStoryActivity } = await import('../federation/stories.ts');
  await sendStoryActivity(env, mainOrigin(env), plan, story);
}
