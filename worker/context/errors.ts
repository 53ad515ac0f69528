// A caller's mistake or a refusal, as a capability states it: the message reaches the caller
// as written, with a code (and, for the spec's outcome kinds, the outcome) in its
// extensions. The GraphQL surface shows these as they are (worker/graphql/execute-operation.ts
// formatError; GraphQL copies an original error's extensions), and masks anything else as
// "Internal server error". Capabilities throw these, never GraphQL's own error type.

export type CallerErrorCode = 'BAD_REQUEST' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'RESPONSES_LOCKED' | 'TOO_MANY_REQUESTS' | (string & {});

export interface CallerErrorExtensions {
  code: CallerErrorCode;
  /** The spec's outcome kind (NotFound, Blocked, …) when the refusal is one. */
  outcome?: string;
  [key: string]: unknown;
}

export class CallerError extends Error {
  readonly extensions: CallerErrorExtensions;

  constructor(message: string, extensions: CallerErrorExtensions) {
    super(message);
    this.name = 'CallerError';
    this.extensions = extensions;
  }
}

/** Bad arguments, a bad cursor, a limit too high. */
export function badRequest(message: string): CallerError {
  return new CallerError(message, { code: 'BAD_REQUEST' });
}

/** A call that needs a signed-in viewer, made logged out: "Sign in to {action}." */
export function signInRequired(action: string): CallerError {
  return new CallerError(`Sign in to ${action}.`, { code: 'UNAUTHENTICATED' });
}

export function forbidden(message: string, outcome?: string): CallerError {
  return new CallerError(message, { code: 'FORBIDDEN', ...(outcome ? { outcome } : {}) });
}

export function notFound(message: string, outcome?: string): CallerError {
  return new CallerError(message, { code: 'NOT_FOUND', ...(outcome ? { outcome } : {}) });
}
