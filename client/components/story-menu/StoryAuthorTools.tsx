// The story page's tools for its author (Edit, Details, Delete): drawn by the server for the
// author only, hydrated once their chunk is in (story-author-tools.ts and its browser variant;
// docs/adr/0232-the-story-end-hydrated-after-start-up.md), so a visitor's start-up never carries them.
import { useNavigation } from '../../app/navigation.tsx';
import { DeleteStoryButton } from './DeleteStoryButton.tsx';
import { StoryManageLinks } from './StoryManageLinks.tsx';

export interface StoryAuthorToolsProps {
  postId: string;
  /** The story's title as its page names it (the delete dialog and toast say it). */
  title: string;
}

export function StoryAuthorTools({ postId, title }: StoryAuthorToolsProps) {
  const { navigate } = useNavigation();
  return (
    <p className="story-author-tools">
      <StoryManageLinks postId={postId} />
      {/* Once trashed the story is gone for readers: its author goes where it can be restored. */}
      <DeleteStoryButton postId={postId} title={title} onDeleted={() => navigate('/me/stories/deleted')} />
    </p>
  );
}
