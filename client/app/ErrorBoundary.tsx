import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

import { RENDER_ERROR_TEXT } from '../../shared/error-texts.ts';

export { RENDER_ERROR_TEXT };

interface Props {
  onError?: (error: Error, info: ErrorInfo) => void;
  children: ReactNode;
}

/**
 * App-wide error boundary (docs/product/2-sign-in-notices-cache-routing.md §8): a fallback page,
 * and the error is reported.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="error-page" role="alert">
          <p className="error-page-text">{RENDER_ERROR_TEXT}</p>
        </div>
      );
    }
    return this.props.children;
  }
}
