// The stats pages (issue 13; docs/stats.md#stats-pages). The Partner Program's tax banner must
// never show on them (docs/product/2-sign-in-notices-cache-routing.md §4.5): a banner slot asks
// isStatsPage(pageName) and draws nothing there.
export const STATS_PAGE_NAMES: ReadonlySet<string> = new Set([
  'stats-homepage',
  'stats-post',
  'subscription-stats',
  'publication-stats',
  'publication-digest-stats',
]);

export function isStatsPage(pageName: string | null | undefined): boolean {
  return !!pageName && STATS_PAGE_NAMES.has(pageName);
}
