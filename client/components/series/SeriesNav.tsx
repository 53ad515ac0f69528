// A part's place in its series, above and below the story (docs/series.md): the series' title,
// "Part 2 of 3", and links to the previous and next parts at their address inside the series
// (/s/{sequenceSlug}/{postId}).
import { buildLink } from '../../../shared/routing/links.ts';
import { Link } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import type { SeriesNavData } from './SeriesNav.graphql.ts';

export function SeriesNav({ post, placement }: { post: SeriesNavData; placement: 'top' | 'bottom' }) {
  const ctx = useLinkContext();
  const place = post.seriesPlace;
  if (!place) return null;
  const slug = place.series.slug;
  const partHref = (postId: string) => buildLink('ShowSequencePost', { sequenceSlug: slug, postId }, ctx);
  return (
    <nav className={`series-nav series-nav-${placement}`} aria-label={placement === 'top' ? 'Series' : 'Series parts'}>
      <p className="series-nav-title">
        <Link href={buildLink('ShowSequence', { sequenceSlug: slug }, ctx)}>{place.series.title}</Link>
        <span className="muted"> · Part {place.partNumber} of {place.partCount}</span>
      </p>
      {placement === 'bottom' ? (
        <p className="series-nav-steps">
          {place.previous ? (
            <Link href={partHref(place.previous.id)} className="series-nav-previous" rel="prev">
              ← Previous part: {place.previous.title || 'Untitled'}
            </Link>
          ) : null}
          {place.next ? (
            <Link href={partHref(place.next.id)} className="series-nav-next" rel="next">
              Next part: {place.next.title || 'Untitled'} →
            </Link>
          ) : (
            <span className="muted">This is the latest part.</span>
          )}
        </p>
      ) : null}
    </nav>
  );
}
