// Stories (with their tags) and responses, which are posts written in reply to a post.

import { countWords, readingTimeMinutes, type Paragraph } from '../../shared/content.ts';
import { STORABLE_TYPES, WRITER_MARKUP_TYPES } from '../../shared/editor/story-content-rules.ts';
import { slugify } from '../../shared/format.ts';
import type { DemoKey } from './accounts.ts';
import { DAY, HOUR, MINUTE, isLive, timeBetween, type Context, type Person, type Story } from './context.ts';
import { WeightedPicker } from './random.ts';
import type { PostRow } from './rows.ts';
import { ContentWriter, type Mentionable, type WrittenContent } from './story-content.ts';
import { sentence, storyTitle } from './text.ts';
import { TOPICS, type Topic } from './vocabulary.ts';

/** Stories that must exist whatever the seed: the README and tests point at them. */
type Special = 'showcase' | 'locked' | 'draft' | 'unlisted' | 'trashed' | 'responsesLocked' | 'public' | 'suspended';

interface PlannedStory {
  creator: Person;
  special: Special | null;
}

const SHOWCASE_TITLE = 'Everything a Story Can Hold: A Tour of the Editor';
const TWO_YEARS = 730 * DAY;

/** The world's content writer: mentions go to users in good standing, photo credits to a few names. */
export function createContentWriter(ctx: Context): ContentWriter {
  const { random } = ctx;
  const mentionable = ctx.people.filter((p) => p.row.is_suspended === 0);
  const pickMention = (authorId: string): Mentionable | null => {
    for (let tries = 0; tries < 4; tries++) {
      const person = random.pick(mentionable);
      if (person.row.id !== authorId) return { id: person.row.id, name: person.row.name };
    }
    return null;
  };
  const photographers = random.sample(ctx.people, 40).map((p) => p.row.name);
  return new ContentWriter(random, pickMention, photographers);
}

export function createStories(ctx: Context, count: number, content: ContentWriter): void {
  const titlesByCreator = new Map<string, Set<string>>();
  for (const planned of planStories(ctx, count)) {
    const story = buildStory(ctx, planned, content, titlesByCreator);
    ctx.stories.push(story);
    ctx.world.posts.push(story.row);
  }
}

/** Demo writers get fixed numbers of stories (the main writer one of each kind); the rest go by popularity. */
function planStories(ctx: Context, count: number): PlannedStory[] {
  const { random } = ctx;
  const desired: [DemoKey, number, Special[]][] = [
    ['writer', Math.max(15, Math.round(count * 0.012)), ['showcase', 'locked', 'draft', 'unlisted', 'trashed', 'responsesLocked']],
    ['editor', 3, ['public']],
    ['author', 3, ['public', 'public']],
    ['partner', 4, ['locked', 'public']],
    ['sub', 4, ['public', 'public']],
  ];
  const scale = Math.min(1, count / (2 * desired.reduce((sum, [, n]) => sum + n, 0)));
  const plan: PlannedStory[] = [];
  for (const [key, n, specials] of desired) {
    const creator = ctx.demo[key] as Person;
    const wanted = Math.max(1, Math.floor(n * scale));
    for (let i = 0; i < wanted && plan.length < count; i++) plan.push({ creator, special: specials[i] ?? null });
  }
  const ordinary = ctx.people.filter((p) => p.writer && !Object.values(ctx.demo).includes(p));
  const picker = new WeightedPicker(ordinary, ordinary.map((p) => p.weight));
  for (let i = 0; plan.length < count; i++) {
    // The first ordinary story is suspended so every world has one.
    plan.push({ creator: picker.pick(random), special: i === 0 ? 'suspended' : null });
  }
  return plan;
}

/**
 * A title the writer has not used yet: a repeat becomes "… (Part 2)", "… (Part 3)", as a
 * writer names a sequel. Deterministic and without drawing from the random stream, so the
 * rest of the world stays as it was.
 */
export function unusedTitle(title: string, used: Set<string>): string {
  let unique = title;
  for (let part = 2; used.has(unique); part++) unique = `${title} (Part ${part})`;
  used.add(unique);
  return unique;
}

function buildStory(ctx: Context, planned: PlannedStory, content: ContentWriter, titlesByCreator: Map<string, Set<string>>): Story {
  const { random, now } = ctx;
  const { creator, special } = planned;
  const collectionId = special === 'showcase' || creator.collectionIds.length === 0 || !random.chance(0.5)
    ? null
    : random.pick(creator.collectionIds);
  const topic = special === 'showcase' ? (ctx.topicBySlug.get('writing') as Topic) : chooseTopic(ctx, creator, collectionId);
  let used = titlesByCreator.get(creator.row.id);
  if (!used) titlesByCreator.set(creator.row.id, (used = new Set()));
  const title = unusedTitle(special === 'showcase' ? SHOWCASE_TITLE : storyTitle(random, topic), used);
  const written = special === 'showcase' ? content.showcase(creator.row.id, topic, title) : content.story(creator.row.id, topic, title);

  const roll = random.float();
  const draft = special === 'draft' || (special === null && roll < 0.05);
  const visibilityRoll = random.float();
  const visibility: PostRow['visibility'] = special === 'locked' ? 'LOCKED'
    : special === 'unlisted' ? 'UNLISTED'
    : special !== null ? 'PUBLIC'
    : visibilityRoll < 0.2 ? 'LOCKED' : visibilityRoll < 0.23 ? 'UNLISTED' : 'PUBLIC';

  // A draft holds only what its writer could have made: readers' markups (HIGHLIGHT, QUOTE)
  // and layout-only paragraphs (SECTION_CAPTION) are refused by the publish step (docs/adr/0067-story-content-rules.md). Filtered, not
  // redrawn, so the random stream and the rest of the world stay as they were.
  const row = postRow(ctx, creator.row.id, draft ? writersOwn(written) : written);
  row.collection_id = collectionId;
  row.title = title;
  row.subtitle = random.chance(0.7) ? sentence(random, topic) : '';
  row.slug = slugify(title);
  row.visibility = visibility;
  row.status = draft ? 'DRAFT' : 'PUBLISHED';
  row.is_suspended = special === 'suspended' || (special === null && random.chance(0.005)) ? 1 : 0;
  row.responses_locked = special === 'responsesLocked' || (special === null && random.chance(0.03)) ? 1 : 0;

  if (draft) {
    row.created_at = timeBetween(random, now - TWO_YEARS, now - HOUR);
    row.updated_at = timeBetween(random, row.created_at, Math.min(now, row.created_at + 30 * DAY));
  } else {
    const published = special === 'showcase' ? now - 3 * DAY - 5 * HOUR
      : special === 'locked' && creator === ctx.demo.writer ? now - 9 * DAY - 2 * HOUR
      : timeBetween(random, now - TWO_YEARS, now - HOUR);
    row.created_at = published - timeBetween(random, 20 * MINUTE, 14 * DAY);
    row.first_published_at = published;
    row.latest_published_at = random.chance(0.3) ? timeBetween(random, published + HOUR, Math.min(now - MINUTE, published + 90 * DAY)) : published;
    row.updated_at = timeBetween(random, row.latest_published_at, Math.min(now, row.latest_published_at + 2 * HOUR));
  }
  // Trash keeps a story 14 days, so anything trashed in a fresh world was trashed recently.
  if (special === 'trashed' || (special === null && random.chance(0.01))) {
    row.deleted_at = Math.max(row.updated_at, now - timeBetween(random, HOUR, 13 * DAY));
  }

  const story: Story = {
    row,
    topic,
    popularity: special === 'showcase' ? 0.8 : Math.min(1, Math.pow(random.float(), 3) * (creator.weight > 1 ? 2.5 : 1)),
    mentions: written.mentions,
    root: null as unknown as Story,
  };
  story.root = story;
  addTags(ctx, story, creator, collectionId);
  return story;
}

function chooseTopic(ctx: Context, creator: Person, collectionId: string | null): Topic {
  const { random } = ctx;
  if (collectionId) {
    const publication = ctx.publications.find((p) => p.row.id === collectionId);
    const pubTopics = (publication?.seed.topics ?? []).map((slug) => ctx.topicBySlug.get(slug) as Topic);
    const shared = pubTopics.filter((t) => creator.topics.includes(t));
    if (shared.length > 0 && random.chance(0.7)) return random.pick(shared);
    if (pubTopics.length > 0 && random.chance(0.5)) return random.pick(pubTopics);
  }
  if (random.chance(0.05)) return random.pick(TOPICS);
  return random.chance(0.5) ? (creator.topics[0] as Topic) : random.pick(creator.topics);
}

/** 1–4 tags, the story's topic first; a draft's tags are not yet published (published_at NULL). */
function addTags(ctx: Context, story: Story, creator: Person, collectionId: string | null): void {
  const { random } = ctx;
  const roll = random.float();
  const extra = roll < 0.15 ? 0 : roll < 0.4 ? 1 : roll < 0.7 ? 2 : 3;
  const slugs = [story.topic.slug];
  const pubTopics = collectionId ? (ctx.publications.find((p) => p.row.id === collectionId)?.seed.topics ?? []) : [];
  const sameGroup = TOPICS.filter((t) => t.group === story.topic.group).map((t) => t.slug);
  for (let tries = 0; slugs.length < extra + 1 && tries < 12; tries++) {
    const source = random.float();
    const slug = source < 0.35 ? random.pick(creator.topics).slug
      : source < 0.5 && pubTopics.length > 0 ? random.pick(pubTopics)
      : source < 0.8 ? random.pick(sameGroup)
      : random.pick(TOPICS).slug;
    if (!slugs.includes(slug)) slugs.push(slug);
  }
  slugs.forEach((slug, position) => {
    ctx.world.post_tags.push({ post_id: story.row.id, tag_slug: slug, position, published_at: story.row.latest_published_at });
  });
}

/** A post row with content metrics filled in; the caller sets the rest. */
function writersOwn(written: WrittenContent): WrittenContent {
  const writers: readonly string[] = WRITER_MARKUP_TYPES;
  return {
    ...written,
    paragraphs: written.paragraphs
      .filter((p) => STORABLE_TYPES.includes(p.type))
      .map((p) => ({ ...p, markups: p.markups.filter((m) => writers.includes(m.type)) })),
  };
}

function postRow(ctx: Context, creatorId: string, written: WrittenContent): PostRow {
  const paragraphs: Paragraph[] = written.paragraphs;
  const firstImage = paragraphs.find((p) => p.type === 'IMG');
  const words = countWords(paragraphs);
  return {
    id: ctx.ids.next(12),
    creator_id: creatorId,
    collection_id: null,
    in_response_to_post_id: null,
    title: '',
    subtitle: '',
    slug: '',
    status: 'PUBLISHED',
    visibility: 'PUBLIC',
    content: JSON.stringify({ paragraphs }),
    preview_paragraph_count: 3,
    word_count: words,
    image_count: paragraphs.filter((p) => p.type === 'IMG').length,
    reading_time: readingTimeMinutes(paragraphs, words),
    preview_image_id: firstImage?.metadata?.id ?? null,
    clap_count: 0,
    response_count: 0,
    responses_locked: 0,
    hidden_by_parent_author: 0,
    is_suspended: 0,
    created_at: 0,
    updated_at: 0,
    first_published_at: null,
    latest_published_at: null,
    deleted_at: null,
  };
}

/**
 * About one response per two stories, on live stories that accept responses; a quarter
 * reply to an earlier response (threads), often by the story's author.
 */
export function createResponses(ctx: Context, count: number, content: ContentWriter): void {
  const { random, now } = ctx;
  const candidates = ctx.stories.filter((s) => isLive(s.row) && s.row.responses_locked === 0 && s.row.visibility !== 'UNLISTED');
  if (candidates.length === 0) return;
  const parents = new WeightedPicker(candidates, candidates.map((s) => 0.05 + s.popularity));
  const responders = ctx.people.filter((p) => p.row.is_suspended === 0);
  const showcase = ctx.stories.find((s) => s.row.title === SHOWCASE_TITLE && s.row.creator_id === ctx.demo.writer?.row.id);

  // A fixed thread on the showcase story: the reader responds, the writer replies, a member chimes in.
  const scripted: [DemoKey, 'showcase' | number | null][] = showcase ? [['reader', 'showcase'], ['writer', 0], ['member', 'showcase'], ['reader', null]] : [];

  for (let i = 0; i < count; i++) {
    const script = scripted[i];
    let parent: Story;
    if (script) parent = script[1] === 'showcase' ? (showcase as Story) : typeof script[1] === 'number' ? (ctx.responses[script[1]] as Story) : parents.pick(random);
    else parent = ctx.responses.length > 0 && random.chance(0.25) ? random.pick(ctx.responses) : parents.pick(random);

    const parentTime = parent.row.first_published_at as number;
    const time = Math.min(now - MINUTE, parentTime + MINUTE + Math.floor((now - parentTime) * Math.pow(random.float(), 2)));
    const author = script ? (ctx.demo[script[0]] as Person) : chooseResponder(ctx, parent, responders, time);
    if (!author) continue;

    const isReply = parent.root !== parent;
    const written = content.response(author.row.id, parent.root.topic, isReply);
    const row = postRow(ctx, author.row.id, written);
    row.in_response_to_post_id = parent.row.id;
    row.slug = slugify(((written.paragraphs[0] as Paragraph).text).split(/\s+/).slice(0, 6).join(' '));
    row.hidden_by_parent_author = !script && random.chance(0.02) ? 1 : 0;
    row.created_at = Math.max(parentTime, time - timeBetween(random, MINUTE, 20 * MINUTE));
    row.first_published_at = time;
    row.latest_published_at = time;
    row.updated_at = time;
    const response: Story = { row, topic: parent.root.topic, popularity: Math.pow(random.float(), 4) * 0.3, mentions: [], root: parent.root };
    ctx.responses.push(response);
    ctx.world.posts.push(row);
  }
}

function chooseResponder(ctx: Context, parent: Story, responders: Person[], time: number): Person | null {
  const { random } = ctx;
  const rootAuthor = ctx.personById.get(parent.root.row.creator_id);
  // Authors answer in their own threads.
  if (parent !== parent.root && rootAuthor && parent.row.creator_id !== rootAuthor.row.id && random.chance(0.4)) return rootAuthor;
  for (let tries = 0; tries < 6; tries++) {
    const person = random.pick(responders);
    if (person.row.id !== parent.row.creator_id && person.row.created_at < time) return person;
  }
  return null;
}
