// "Edit" and "Details" for a story's author (the story page's author tools, each row of your
// stories): the editor is a full navigation (it loads its own chunk and asks before leaving
// unsaved text); the details page (docs/reader.md "Story details") opens in place.
import { buildLink } from '../../../shared/routing/links.ts';
import { Link } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';

export function StoryManageLinks({ postId }: { postId: string }) {
  const ctx = useLinkContext();
  return (
    <>
      <a className="button button-outline button-small" href={buildLink('ShowEditPost', { postId }, ctx)}>
        Edit
      </a>
      <Link className="button button-outline button-small" href={buildLink('ShowPostInfo', { postId }, ctx)}>
        Details
      </Link>
    </>
  );
}
