// Small pages of the writing routes (the mobile web editor is the editor's own page:
// client/pages/EditorPage.tsx mobileEditorPage):
// - series and sequences (/new-series, /series/{postId}, /series/{postId}/edit, /s/new, /s/{slug},
//   /s/{slug}/edit, /collections): not offered (docs/adr/0076-series-not-offered.md
//   "Series"): a clear page with status 404, never another page's content.
import { buildLink } from '../../shared/routing/links.ts';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import type { PageDefinition } from '../app/page-definition.ts';

export const seriesNotOfferedPage: PageDefinition<undefined> = {
  status: () => 404,
  title: (_data, state) => `Series are not offered – ${state.config.productName}`,
  Component: function SeriesNotOffered() {
    const ctx = useLinkContext();
    return (
      <div className="editor-page" data-testid="series-not-offered">
        <h1>Series are not offered</h1>
        <p className="muted">
          {`Series and sequences are not part of this site. To tell a story in parts, publish each part as a story and link them, or gather them in a list.`}
        </p>
        <p>
          <Link href={buildLink('ShowNewPost', {}, ctx)}>Write a story</Link>
        </p>
      </div>
    );
  },
};
