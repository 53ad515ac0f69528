// Browser storage that never throws (docs/product/3-routes-data-calls-constants.md §8): unavailable
// storage (private mode, blocked cookies, the server) falls back to memory; stored JSON that fails
// to parse yields the default and a warning.

export interface JsonStorage {
  get<T>(key: string, fallback: T): T;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

type Area = 'localStorage' | 'sessionStorage';

function webStorage(area: Area): Storage | null {
  try {
    const storage = (globalThis as unknown as Partial<Record<Area, Storage>>)[area];
    if (!storage) return null;
    const probe = '__vellum_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

export function jsonStorage(backing: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): JsonStorage {
  return {
    get<T>(key: string, fallback: T): T {
      let text: string | null;
      try {
        text = backing.getItem(key);
      } catch {
        return fallback;
      }
      if (text === null) return fallback;
      try {
        return JSON.parse(text) as T;
      } catch {
        console.warn(`Stored value of ${key} is not JSON; using the default.`);
        return fallback;
      }
    },
    set(key, value) {
      try {
        backing.setItem(key, JSON.stringify(value));
      } catch {
        // Full or blocked: the value lives for this page only.
      }
    },
    remove(key) {
      try {
        backing.removeItem(key);
      } catch {
        // nothing to do
      }
    },
  };
}

const cache: Partial<Record<Area, JsonStorage>> = {};

function area(name: Area): JsonStorage {
  return (cache[name] ??= jsonStorage(webStorage(name) ?? memoryStorage()));
}

/** Kept across sessions (acceptances, dismissals). */
export function localJsonStorage(): JsonStorage {
  return area('localStorage');
}

/** Kept for the browser session (once-per-session banners). */
export function sessionJsonStorage(): JsonStorage {
  return area('sessionStorage');
}
