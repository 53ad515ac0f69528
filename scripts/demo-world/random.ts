// A small seeded PRNG (sfc32) with the helpers the generator needs. Bulk text draws
// millions of numbers, so this stays allocation-free and much faster than faker's
// Mersenne twister; faker is kept for names and bios only.

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32 spreads a small integer seed over the 128-bit state.
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** Integer in [min, max] biased towards min: power > 1 makes small values common. */
  skewed(min: number, max: number, power: number): number {
    return min + Math.floor(Math.pow(this.float(), power) * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** Lowercase hex string of exactly `digits` digits. */
  hex(digits: number): string {
    let out = '';
    while (out.length < digits) out += (this.uint32() >>> 8).toString(16).padStart(6, '0');
    return out.slice(0, digits);
  }

  /** Letters and digits, e.g. for video ids. */
  alphanumeric(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.uint32() % alphabet.length];
    return out;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  /** `count` distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = items.length;
    const k = Math.min(count, n);
    if (k * 3 > n) return this.shuffle(items.slice()).slice(0, k);
    // Sparse draw: cheap when taking a few out of many.
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(Math.floor(this.float() * n));
    return [...chosen].map((i) => items[i] as T);
  }
}

/**
 * Weighted choice over a fixed list: cumulative weights and a binary search, so a draw
 * costs O(log n) even for tens of thousands of writers.
 */
export class WeightedPicker<T> {
  private readonly items: readonly T[];
  private readonly cumulative: Float64Array;

  constructor(items: readonly T[], weights: readonly number[]) {
    if (items.length === 0 || items.length !== weights.length) throw new Error('weighted picker needs items and weights');
    this.items = items;
    this.cumulative = new Float64Array(items.length);
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      total += weights[i] as number;
      this.cumulative[i] = total;
    }
  }

  pick(random: Random): T {
    const target = random.float() * (this.cumulative[this.cumulative.length - 1] as number);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }

  /** Up to `count` distinct items, heavier ones more likely; gives up after a bounded number of tries. */
  pickDistinct(random: Random, count: number, exclude?: (item: T) => boolean): T[] {
    const chosen = new Set<T>();
    const want = Math.min(count, this.items.length);
    for (let tries = 0; chosen.size < want && tries < want * 8 + 16; tries++) {
      const item = this.pick(random);
      if (!exclude || !exclude(item)) chosen.add(item);
    }
    return [...chosen];
  }
}

/** Unique lowercase hex ids drawn from the PRNG (collisions are redrawn, so ids stay deterministic). */
export class IdFactory {
  private readonly random: Random;
  private readonly used = new Set<string>();

  constructor(random: Random) {
    this.random = random;
  }

  next(digits = 12): string {
    for (;;) {
      const id = this.random.hex(digits);
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}
