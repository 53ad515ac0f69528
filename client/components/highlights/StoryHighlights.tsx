// Mounts the highlights layer after hydration, as a chunk of its own: the server render and the
// hydration of a story are the same for every reader (and send no GraphQL request).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { HighlightTarget } from './HighlightsLayer.tsx';

const HighlightsLayer = lazy(() => import('./HighlightsLayer.tsx'));

export function StoryHighlights({ postId, target }: { postId: string; target: HighlightTarget }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <HighlightsLayer postId={postId} target={target} />
    </Suspense>
  );
}
