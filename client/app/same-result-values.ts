// Whether two GraphQL results hold the same values. The normalized cache answers a page's query
// again once it has taken over (client/app/deferred-exchange.ts), in new objects and without the
// `__typename` of the objects the server's result named: the same story, told again. A part that
// must not render again for that (client/app/deferred-part.tsx, docs/adr/0232-the-story-end-hydrated-after-start-up.md)
// compares its props with this.

/** Deep equality of JSON-like values, `__typename` left out of the comparison. */
export function sameResultValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameResultValues(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const fields = (value: Record<string, unknown>) => Object.keys(value).filter((key) => key !== '__typename');
  const leftFields = fields(left);
  return leftFields.length === fields(right).length && leftFields.every((key) => Object.hasOwn(right, key) && sameResultValues(left[key], right[key]));
}
