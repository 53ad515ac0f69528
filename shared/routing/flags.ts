// Feature flags as the routing code reads them: a list (the preloaded state) or a set.
// Its own module so the route tables (needed at start to build links) do not pull in the
// page list and layouts (needed only to resolve a path, which the browser loads on demand;
// docs/adr/0042-code-splitting.md).

/** Feature flags that are on, as a list (preloaded state) or a set. */
export type FlagSet = ReadonlySet<string> | readonly string[];

export function hasFlag(flags: FlagSet, flag: string): boolean {
  return 'has' in flags ? flags.has(flag) : flags.includes(flag);
}
