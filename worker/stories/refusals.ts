// What a writer's story write answers instead of the story when it will not be done: the
// result unions' NotFound, BadRequest and Forbidden members, each with a message the client
// shows as is. (A story that is someone else's answers NotFound: a draft's existence is private.)

export interface Refusal {
  readonly __typename: 'NotFound' | 'BadRequest' | 'Forbidden';
  readonly message: string;
}

export const refused = {
  notFound: (): Refusal => ({ __typename: 'NotFound', message: 'This story does not exist.' }),
  badRequest: (message: string): Refusal => ({ __typename: 'BadRequest', message }),
  forbidden: (message: string): Refusal => ({ __typename: 'Forbidden', message }),
};

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && '__typename' in value;
}
