// Where the worker meets the door (client/entry.server.tsx): the page for a resolved
// route, and its render with GraphQL executed in-process against this request's context
// through the one executor (worker/graphql/in-process.ts).
export { pageFor, PageDataError, renderPage, type CurrentPage } from '../../client/entry.server.tsx';
export { inProcessExecutor } from '../graphql/in-process.ts';
