// The cache experiment group (docs/product/3-routes-data-calls-constants.md §4) and how a visitor
// is assigned.
import { describe, expect, it } from 'vitest';
import {
  adoptExperimentGroup,
  bucketOf,
  DEFAULT_SPLIT,
  EXPERIMENT_GROUPS,
  experimentGroupFor,
  groupForBucket,
  parseExperimentSplit,
} from '../../../worker/cache/experiment.ts';

describe('adoptExperimentGroup: once disabled it stays disabled; otherwise a non-control value is adopted', () => {
  it.each([
    ['control', 'control', 'control'],
    ['control', 'enabled', 'enabled'],
    ['control', 'disabled', 'disabled'],
    ['enabled', 'control', 'enabled'],
    ['enabled', 'enabled', 'enabled'],
    ['enabled', 'disabled', 'disabled'],
    ['disabled', 'control', 'disabled'],
    ['disabled', 'enabled', 'disabled'],
    ['disabled', 'disabled', 'disabled'],
  ] as const)('%s + %s → %s', (current, incoming, next) => {
    expect(adoptExperimentGroup(current, incoming)).toBe(next);
  });

  it('a sequence can never leave disabled', () => {
    const sequence = ['enabled', 'disabled', 'enabled', 'control', 'enabled'] as const;
    expect(sequence.reduce(adoptExperimentGroup, 'control')).toBe('disabled');
  });
});

describe('the configured split', () => {
  it('defaults to everyone enabled', () => {
    expect(parseExperimentSplit('')).toEqual({ split: DEFAULT_SPLIT, problem: null });
    expect(DEFAULT_SPLIT).toEqual({ disabled: 0, control: 0, enabled: 100 });
  });

  it('reads one group name or weights adding up to 100', () => {
    for (const group of EXPERIMENT_GROUPS) expect(parseExperimentSplit(group).split[group]).toBe(100);
    expect(parseExperimentSplit('enabled:80, control:10, disabled:10')).toEqual({ split: { enabled: 80, control: 10, disabled: 10 }, problem: null });
  });

  it('refuses anything else and falls back to the default', () => {
    for (const bad of ['on', 'enabled:90', 'enabled:50,disabled:60', 'enabled:x,disabled:100', 'enabled=100']) {
      const parsed = parseExperimentSplit(bad);
      expect(parsed.split, bad).toEqual(DEFAULT_SPLIT);
      expect(parsed.problem, bad).not.toBeNull();
    }
  });

  it('lays buckets out disabled, control, enabled, so a growing disabled share never re-enables anyone', () => {
    const split = { disabled: 10, control: 20, enabled: 70 };
    expect(groupForBucket(split, 0)).toBe('disabled');
    expect(groupForBucket(split, 9)).toBe('disabled');
    expect(groupForBucket(split, 10)).toBe('control');
    expect(groupForBucket(split, 29)).toBe('control');
    expect(groupForBucket(split, 30)).toBe('enabled');
    const grown = { disabled: 40, control: 0, enabled: 60 };
    for (let bucket = 0; bucket < 100; bucket++) {
      if (groupForBucket(split, bucket) === 'disabled') expect(groupForBucket(grown, bucket)).toBe('disabled');
    }
  });
});

describe('assignment by address', () => {
  it('is stable, spread over 0–99, and needs no cookie', () => {
    expect(bucketOf('203.0.113.7')).toBe(bucketOf('203.0.113.7'));
    const buckets = new Set(Array.from({ length: 1000 }, (_, i) => bucketOf(`10.0.${i >> 8}.${i & 255}`)));
    expect(Math.min(...buckets)).toBe(0);
    expect(Math.max(...buckets)).toBe(99);
    expect(buckets.size).toBeGreaterThan(90);
  });

  it('splits visitors roughly by the weights', () => {
    const groups = Array.from({ length: 2000 }, (_, i) => experimentGroupFor('enabled:70,disabled:30', `198.51.${i >> 8}.${i & 255}`));
    const disabled = groups.filter((g) => g === 'disabled').length / groups.length;
    expect(disabled).toBeGreaterThan(0.25);
    expect(disabled).toBeLessThan(0.35);
    expect(groups.every((g) => g !== 'control')).toBe(true);
  });

  it('an unknown address still gets a group', () => {
    expect(EXPERIMENT_GROUPS).toContain(experimentGroupFor('control:50,enabled:50', null));
  });
});
