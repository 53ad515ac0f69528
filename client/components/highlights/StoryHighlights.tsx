// Mounts the highlights layer once the page is idle after hydration, as a chunk of its own: the
// server render and the hydration of a story are the same for every reader (and send no GraphQL
// request), and the layer is not start-up work (client/app/when-idle.ts).
import { lazy, Suspense } from 'react';
import { useWhenIdle } from '../../app/when-idle.ts';
import type { HighlightTarget } from './HighlightsLayer.tsx';

const HighlightsLayer = lazy(() => import('./HighlightsLayer.tsx'));

export function StoryHighlights({ postId, target }: { postId: string; target: HighlightTarget }) {
  const idle = useWhenIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <HighlightsLayer postId={postId} target={target} />
    </Suspense>
  );
}
