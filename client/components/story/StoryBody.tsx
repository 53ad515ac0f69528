// Renders structured story content. Every paragraph and markup type of
// docs/product/3-routes-data-calls-constants.md §3 has an element here; embeds are shown as links,
// never as third-party frames.
import type { ReactNode } from 'react';
import type { ResultOf } from '../../app/graphql.ts';
import { ImageView } from '../ImageView.tsx';
import { StaticMarkup } from '../../app/static-markup.tsx';
import { safeHref, segmentText } from '../../../shared/markup-segments.ts';
import type { StoryBody_paragraph } from './StoryBody.graphql.ts';
import { useLinkContext } from '../header/link-context.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { userByIdUrl } from '../../../shared/urls/profile-urls.ts';

type Paragraph = ResultOf<typeof StoryBody_paragraph>;
type Markup = Paragraph['markups'][number];

function wrap(markup: Markup, child: ReactNode, key: string, ctx: LinkContext): ReactNode {
  switch (markup.type) {
    case 'A': {
      const href = markup.anchorType === 'USER' && markup.userId ? userByIdUrl(markup.userId, ctx) : safeHref(markup.href);
      // A mention's /u/{id} is a main-host page: absolute there from a writer's own domain (issue 29 point 7).
      return href ? (
        <a key={key} href={href} rel="noopener ugc nofollow" className={markup.anchorType === 'USER' ? 'mention' : undefined}>
          {child}
        </a>
      ) : (
        child
      );
    }
    case 'STRONG':
      return <strong key={key}>{child}</strong>;
    case 'EM':
      return <em key={key}>{child}</em>;
    case 'CODE':
      return <code key={key}>{child}</code>;
    case 'HIGHLIGHT':
      return <mark key={key}>{child}</mark>;
    case 'QUOTE':
      return <q key={key}>{child}</q>;
    case 'STRIKE':
      return <s key={key}>{child}</s>;
    default:
      return child;
  }
}

export function MarkedText({ text, markups }: { text: string; markups: readonly Markup[] }) {
  const ctx = useLinkContext();
  return (
    <>
      {segmentText(text, markups).map((segment, i) => {
        let node: ReactNode = segment.text;
        for (let m = segment.markups.length - 1; m >= 0; m--) node = wrap(segment.markups[m]!, node, `${i}-${m}`, ctx);
        return <span key={i}>{node}</span>;
      })}
    </>
  );
}

function ParagraphView({ paragraph }: { paragraph: Paragraph }) {
  const text = <MarkedText text={paragraph.text} markups={paragraph.markups} />;
  const id = paragraph.name;
  switch (paragraph.type) {
    case 'H1':
    case 'H2':
    case 'H3':
      return <h2 id={id} className="story-h3">{text}</h2>;
    case 'H4':
      return <h3 id={id} className="story-h4">{text}</h3>;
    case 'COVER_TITLE':
      return <h2 id={id} className="story-cover-title">{text}</h2>;
    case 'SECTION_CAPTION':
      return <p id={id} className="story-section-caption">{text}</p>;
    case 'BQ':
      return <blockquote id={id} className="story-quote">{text}</blockquote>;
    case 'PQ':
      return <blockquote id={id} className="story-pull-quote">{text}</blockquote>;
    case 'PRE':
      return (
        <pre id={id} className="story-code" data-language={paragraph.codeLanguage ?? undefined}>
          <code>{text}</code>
        </pre>
      );
    case 'HR':
      return <hr id={id} className="story-divider" />;
    case 'IMG':
      return (
        <figure id={id} className="story-figure">
          {paragraph.metadata ? (
            <ImageView
              imageId={paragraph.metadata.id}
              width={Math.min(680, paragraph.metadata.originalWidth ?? 0)}
              aspect={(paragraph.metadata.originalHeight ?? 0) / Math.max(1, paragraph.metadata.originalWidth ?? 0)}
              alt={paragraph.metadata.alt ?? ''}
            />
          ) : null}
          {paragraph.text ? <figcaption>{text}</figcaption> : null}
        </figure>
      );
    case 'IFRAME':
    case 'MIXTAPE_EMBED': {
      const href = safeHref(paragraph.href);
      return (
        <p id={id} className="story-embed">
          {href ? (
            <a href={href} rel="noopener ugc nofollow">
              <strong>{paragraph.text || href}</strong>
              <span className="story-embed-host">{hostOf(href)}</span>
            </a>
          ) : (
            text
          )}
        </p>
      );
    }
    case 'P':
    default:
      return <p id={id} className="story-p">{text}</p>;
  }
}

function hostOf(href: string): string {
  try {
    return new URL(href).host;
  } catch {
    return '';
  }
}

/** Consecutive list items become one list. */
function groupParagraphs(paragraphs: readonly Paragraph[]): (Paragraph | { list: 'ul' | 'ol'; items: Paragraph[] })[] {
  const groups: (Paragraph | { list: 'ul' | 'ol'; items: Paragraph[] })[] = [];
  for (const p of paragraphs) {
    const list = p.type === 'ULI' ? 'ul' : p.type === 'OLI' ? 'ol' : null;
    const last = groups[groups.length - 1];
    if (list && last && 'list' in last && last.list === list) last.items.push(p);
    else if (list) groups.push({ list, items: [p] });
    else groups.push(p);
  }
  return groups;
}

/** The story's text: static markup, not hydrated (client/app/static-markup.tsx). */
export function StoryBody({ paragraphs }: { paragraphs: readonly Paragraph[] }) {
  return (
    <StaticMarkup
      className="story-body"
      content={paragraphs}
      render={() =>
        groupParagraphs(paragraphs).map((group) => {
        if ('list' in group) {
          const items = group.items.map((item) => (
            <li key={item.name} id={item.name}>
              <MarkedText text={item.text} markups={item.markups} />
            </li>
          ));
          const key = group.items[0]!.name;
          return group.list === 'ul' ? <ul key={key} className="story-list">{items}</ul> : <ol key={key} className="story-list">{items}</ol>;
        }
        return <ParagraphView key={group.name} paragraph={group} />;
        })
      }
    />
  );
}
