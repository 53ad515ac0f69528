// A hit's highlighted attribute as text with <mark>ed words. The service escapes the value and
// wraps matches in <em>…</em>; this reads those two tags back into React elements and decodes
// the escapes, so a title is only ever text (no innerHTML).
import type { SearchHit } from './search-client.ts';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

export function Highlight({ hit, attribute }: { hit: SearchHit; attribute: string }) {
  const highlighted = hit._highlightResult?.[attribute]?.value;
  if (typeof highlighted !== 'string') return <>{String(hit[attribute] ?? '')}</>;
  const parts = highlighted.split(/<em>|<\/em>/);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{decode(part)}</mark> : <span key={i}>{decode(part)}</span>))}
    </>
  );
}
