// The story's row of actions (clap, responses, save, share), drawn under its byline and again
// at its end (story-end.tsx): one component for both places.
import { formatCount } from '../../shared/format.ts';
import type { FullPost } from './PostPage.graphql.ts';
import { ResponseIcon } from '../components/icons.tsx';
import { SaveToListButton } from '../components/lists/SaveToListButton.tsx';
import { ClapButton } from '../components/story/ClapButton.tsx';
import { ShareLinks } from '../components/story/ShareLinks.tsx';

export function StoryActions({ post }: { post: FullPost }) {
  return (
    <div className="story-actions muted">
      <ClapButton postId={post.id} creatorId={post.creator.id} clapCount={post.clapCount} viewerClapCount={post.viewerEdge.clapCount} />
      <a className="story-action" href="#responses" title="Responses">
        <ResponseIcon size={20} /> {formatCount(post.postResponses.count)}
      </a>
      <span className="story-actions-end">
        <SaveToListButton postId={post.id} isBookmarked={post.viewerEdge.isBookmarked} />
        <ShareLinks url={post.mediumUrl} title={post.title} />
      </span>
    </div>
  );
}
