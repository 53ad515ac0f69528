// "More from {writer}" and "More from {publication}" under a story: a few of their latest
// stories, this one left out.
import { StoryCard, type StoryCardPost } from '../StoryCard.tsx';

/** Stories shown under "More from …". */
export const MORE_FROM_SHOWN = 3;

export function otherStories(posts: readonly StoryCardPost[], currentPostId: string): StoryCardPost[] {
  return posts.filter((p) => p.id !== currentPostId).slice(0, MORE_FROM_SHOWN);
}

/** `byWriter`: the section is the writer's own, whose name the heading says (the cards leave out their byline). */
export function MoreFrom({ name, href, posts, currentPostId, byWriter = false }: { name: string; href: string; posts: readonly StoryCardPost[]; currentPostId: string; byWriter?: boolean }) {
  const shown = otherStories(posts, currentPostId);
  if (shown.length === 0) return null;
  return (
    <section className="more-from" aria-label={`More from ${name}`}>
      <h2 className="more-from-heading">
        More from <a href={href}>{name}</a>
      </h2>
      {shown.map((post) => (
        <StoryCard key={post.id} post={post} showWriter={!byWriter} />
      ))}
    </section>
  );
}
