// Bookmark button of a story: saves it to the Reading list or another of the viewer's lists.
// Contract used by story pages and cards:
//   <SaveToListButton postId={post.id} isBookmarked={post.viewerEdge.isBookmarked} />
// The lists capability (issue 6, item 8) owns the behaviour behind this export.
export interface SaveToListButtonProps {
  postId: string;
  /** The server's answer for this viewer: in any of their lists (false when logged out). */
  isBookmarked: boolean;
}

export function SaveToListButton({ isBookmarked }: SaveToListButtonProps) {
  return (
    <button type="button" className="story-action" aria-label={isBookmarked ? 'Saved' : 'Save'} aria-pressed={isBookmarked}>
      {isBookmarked ? 'Saved' : 'Save'}
    </button>
  );
}
