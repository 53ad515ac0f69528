// Small pages of the writing routes:
// - mobile-web-editor-redirect (/m-write, /m-write/{postId}; docs/product/3-routes-data-calls-constants.md
//   §2.2): the editor works on every screen, so the mobile editor's addresses send the browser on
//   to the editor (/new-story, /p/{postId}/edit), replacing the old address in history; without
//   JavaScript the link is there to follow.
// - series and sequences (/new-series, /series/{postId}, /series/{postId}/edit, /s/new, /s/{slug},
//   /s/{slug}/edit, /collections): not offered (docs/adr/0076-series-not-offered.md
//   "Series"): a clear page with status 404, never another page's content.
import { useEffect } from 'react';
import { buildLink } from '../../shared/routing/links.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { Link, useNavigation } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import type { PageDefinition } from '../app/page-definition.ts';

export const mobileEditorRedirectPage: PageDefinition<undefined> = {
  title: (_data, state) => `Write – ${state.config.productName}`,
  Component: function MobileEditorRedirect({ params }) {
    const ctx = useLinkContext();
    const { navigate } = useNavigation();
    const postId = params.postId ? postIdFromParam(params.postId) : null;
    const href = postId ? buildLink('ShowEditPost', { postId }, ctx) : buildLink('ShowNewPost', {}, ctx);
    useEffect(() => navigate(href, { replace: true }), [href, navigate]);
    return (
      <div className="editor-page">
        <p>
          The editor is at <Link href={href}>{href}</Link>.
        </p>
      </div>
    );
  },
};

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
