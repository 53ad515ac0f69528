// Shared state of one generation run. Rows go straight into `world`; the side records
// (topics, popularity) steer later steps and are dropped when the world is returned.

import type { Faker } from '@faker-js/faker';
import type { DemoKey } from './accounts.ts';
import type { IdFactory, Random } from './random.ts';
import type { CollectionRow, PostRow, UserRow, World } from './rows.ts';
import type { PublicationSeed, Topic } from './vocabulary.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const YEAR = 365 * DAY;

export interface Person {
  row: UserRow;
  writer: boolean;
  /** Topics this person writes or reads about, favourite first. */
  topics: Topic[];
  /** Relative popularity as a writer (more followers, more stories). */
  weight: number;
  /** Publications this person may publish in (any role). */
  collectionIds: string[];
}

export interface Publication {
  row: CollectionRow;
  seed: PublicationSeed;
}

export interface Story {
  row: PostRow;
  topic: Topic;
  /** 0..1; drives claps, responses, reading history. */
  popularity: number;
  mentions: string[];
  /** The story a response belongs to (itself for a story). */
  root: Story;
}

export interface Context {
  random: Random;
  faker: Faker;
  ids: IdFactory;
  now: number;
  world: World;
  people: Person[];
  personById: Map<string, Person>;
  demo: Partial<Record<DemoKey, Person>>;
  publications: Publication[];
  stories: Story[];
  responses: Story[];
  topicBySlug: Map<string, Topic>;
}

/** Uniform integer time in [from, to]; `from` when the range is empty. */
export function timeBetween(random: Random, from: number, to: number): number {
  return to <= from ? from : from + Math.floor(random.float() * (to - from + 1));
}

/** Is this post readable by the public: published, not trashed, not suspended? */
export function isLive(post: PostRow): boolean {
  return post.status === 'PUBLISHED' && post.deleted_at === null && post.is_suspended === 0;
}
