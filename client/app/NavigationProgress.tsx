import { useNavigation } from './navigation.tsx';

/**
 * A thin bar across the top of the viewport while a client-side navigation loads the next
 * page; the current page stays on screen meanwhile. Rendered only while loading, so
 * assistive technology hears of it as a busy progress indicator.
 */
export function NavigationProgress() {
  const { isNavigating } = useNavigation();
  if (!isNavigating) return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label="Loading page" aria-busy="true" data-testid="navigation-progress">
      <div className="navigation-progress-bar" />
    </div>
  );
}
