// A list in the library: its name, who made it, how many stories, and whether it is private.
import type { ReactNode } from 'react';
import { LockIcon } from './LockIcon.tsx';
import { formatCount } from '../../../shared/format.ts';
import { buildLink } from '../../../shared/routing/links.ts';
import { listUrl } from '../../../shared/urls/list-urls.ts';
import { Link } from '../../app/navigation.tsx';
import type { CatalogSummary } from './CatalogCard.graphql.ts';
import { Avatar } from '../Avatar.tsx';
import { useLinkContext } from '../header/link-context.ts';

/** The viewer's own lists open under /me/list; anyone else's at /@{username}/list. */
export function useCatalogHref(catalog: CatalogSummary): string {
  const ctx = useLinkContext();
  return catalog.viewerEdge.isCreator
    ? buildLink('ShowYourList', { catalogSlugId: catalog.slugId }, ctx)
    : listUrl({ id: catalog.id, name: catalog.name, predefined: catalog.predefined, creator: catalog.creator }, ctx);
}

export function storiesCount(count: number): string {
  return count === 1 ? '1 story' : `${formatCount(count)} stories`;
}

export function CatalogCard({ catalog, children }: { catalog: CatalogSummary; children?: ReactNode }) {
  const href = useCatalogHref(catalog);
  return (
    <article className="catalog-card" data-catalog-id={catalog.id}>
      <div className="catalog-card-byline">
        <Avatar name={catalog.creator.name} imageId={catalog.creator.imageId} size={20} />
        <span>{catalog.creator.name}</span>
      </div>
      <Link href={href} className="catalog-card-link">
        <h2 className="catalog-card-name">{catalog.name}</h2>
      </Link>
      {catalog.description ? <p className="catalog-card-description muted">{catalog.description}</p> : null}
      <div className="catalog-card-meta muted">
        <span>{storiesCount(catalog.postItemsCount)}</span>
        {catalog.visibility === 'PRIVATE' ? (
          <span className="catalog-private" title="Only you can see this list">
            <LockIcon /> Private
          </span>
        ) : null}
        {children}
      </div>
    </article>
  );
}
