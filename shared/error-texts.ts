// The render-error text (docs/product/3-routes-data-calls-constants.md §8): shown by the app-wide
// error boundary in the browser (client/app/ErrorBoundary.tsx) and by the worker's render-error
// page when a page crashes while rendering on the server (worker/pages/render-error-page.ts).
export const RENDER_ERROR_TEXT = 'Error: We’re sorry, but there was a problem displaying this page. Please reload and try again.';
