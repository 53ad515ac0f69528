import { logEvent } from '../lib/log-context.ts';
// The cache experiment (docs/product/3-routes-data-calls-constants.md §4): groups control, enabled
// and disabled; once disabled a visitor stays disabled; otherwise a non-control value is adopted.
//
// How a visitor is assigned, without making cached pages vary per visitor:
// - The group is computed at the edge for each request from configuration
//   (EDGE_CACHE_EXPERIMENT) and the visitor's address (CF-Connecting-IP): a stable hash of
//   the address picks a bucket 0–99, and the split maps buckets to groups. No cookie is read
//   or set, so a cached path never needs one, and the same address always lands in the same
//   group while the split is unchanged.
// - Buckets are laid out disabled first, then control, then enabled, whatever order the
//   configuration lists them in. Growing the disabled share therefore only moves visitors
//   into disabled, never out of it: once disabled, a visitor stays disabled as a rollout grows.
// - The group only decides whether this request may use the shared copy (disabled: it is
//   rendered fresh and nothing is stored); it is never written into the page, so the bytes
//   of a cached page are the same for every group.
// - Layers fold with the spec's rule (adoptExperimentGroup), starting from control: a layer
//   that says disabled can never be undone by a later one.
//
// control and enabled both use the cache (control is the population the experiment measures
// against with the product's default behaviour, which is caching); disabled does not.

export const EXPERIMENT_GROUPS = ['control', 'enabled', 'disabled'] as const;
export type CacheExperimentGroup = (typeof EXPERIMENT_GROUPS)[number];

/**
 * docs/product/3-routes-data-calls-constants.md §4: once disabled it stays disabled; otherwise a
 * non-control value is adopted.
 */
export function adoptExperimentGroup(current: CacheExperimentGroup, incoming: CacheExperimentGroup): CacheExperimentGroup {
  if (current === 'disabled') return 'disabled';
  return incoming === 'control' ? current : incoming;
}

export type ExperimentSplit = Readonly<Record<CacheExperimentGroup, number>>;

/** Everyone enabled: the split when nothing (or nothing valid) is configured. */
export const DEFAULT_SPLIT: ExperimentSplit = { disabled: 0, control: 0, enabled: 100 };

const isGroup = (value: string): value is CacheExperimentGroup => (EXPERIMENT_GROUPS as readonly string[]).includes(value);

/**
 * Parses EDGE_CACHE_EXPERIMENT: "" (default: all enabled), one group name (everyone), or
 * weights "group:percent,…" that add up to 100. Anything else is reported and ignored.
 */
export function parseExperimentSplit(config: string): { split: ExperimentSplit; problem: string | null } {
  const text = config.trim();
  if (text === '') return { split: DEFAULT_SPLIT, problem: null };
  if (isGroup(text)) return { split: { disabled: 0, control: 0, enabled: 0, [text]: 100 }, problem: null };
  const split: Record<CacheExperimentGroup, number> = { disabled: 0, control: 0, enabled: 0 };
  for (const part of text.split(',')) {
    const [name = '', weight = ''] = part.split(':').map((s) => s.trim());
    if (!isGroup(name) || !/^\d{1,3}$/.test(weight)) return { split: DEFAULT_SPLIT, problem: `bad entry "${part.trim()}"` };
    split[name] += Number(weight);
  }
  const total = split.disabled + split.control + split.enabled;
  if (total !== 100) return { split: DEFAULT_SPLIT, problem: `weights add up to ${total}, not 100` };
  return { split, problem: null };
}

/** FNV-1a (32 bit) of the text, as a bucket 0–99: stable across isolates and deployments. */
export function bucketOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The group a bucket falls in: disabled buckets first, then control, then enabled. */
export function groupForBucket(split: ExperimentSplit, bucket: number): CacheExperimentGroup {
  if (bucket < split.disabled) return 'disabled';
  if (bucket < split.disabled + split.control) return 'control';
  return 'enabled';
}

const parsedSplits = new Map<string, ExperimentSplit>();

function splitFor(config: string): ExperimentSplit {
  let split = parsedSplits.get(config);
  if (!split) {
    const parsed = parseExperimentSplit(config);
    if (parsed.problem) logEvent({ event: 'edge_cache_config', problem: `EDGE_CACHE_EXPERIMENT ${parsed.problem}; using enabled:100` }, 'warn');
    split = parsed.split;
    parsedSplits.set(config, split);
  }
  return split;
}

/**
 * The visitor's group for this request: the configured split's group for the visitor's
 * address, folded from control with the spec's rule.
 */
export function experimentGroupFor(config: string, visitorAddress: string | null): CacheExperimentGroup {
  const layers: CacheExperimentGroup[] = [groupForBucket(splitFor(config), bucketOf(visitorAddress ?? ''))];
  return layers.reduce(adoptExperimentGroup, 'control');
}

/** Whether a group may use the shared copy. */
export function groupUsesCache(group: CacheExperimentGroup): boolean {
  return group !== 'disabled';
}
