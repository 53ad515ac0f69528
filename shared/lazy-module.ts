// Code that is no start-up work is imported when first needed (docs/adr/0221-the-page-module-named-by-the-document.md):
// one import however many callers ask at once, the module remembered once it is in (a caller
// that finds it in starts its work in the same task, without waiting for a settled promise),
// and a failed load (the network) forgotten, so the next caller tries again.

export interface LazyModule<T> {
  /** The module: imported on the first call, the same promise while it is on its way. */
  load(): Promise<T>;
  /** The module once it is in, else undefined. */
  loaded(): T | undefined;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let module: T | undefined;
  let loading: Promise<T> | null = null;
  return {
    load: () =>
      (loading ??= importer().then(
        (value) => (module = value),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => module,
  };
}
