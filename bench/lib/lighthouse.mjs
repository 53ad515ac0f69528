// Lighthouse's mobile run (its default: an emulated mid-range phone on simulated slow 4G)
// of a few pages of a started site, in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by
// default). Prints performance, accessibility and SEO scores, LCP and CLS per page, and the
// audits that cost points, so a score below 100 says why. docs/web-quality.md records runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'seo'];

/** Audits of a category that failed (score below 1, not informative), by id. */
function failedAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => audit.id);
}

/**
 * Runs Lighthouse on each page ([name, path] pairs) of the site at baseURL, one after the
 * other in one browser, and prints a table.
 */
export async function printLighthouse(baseURL, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows = [];
  const misses = [];
  try {
    for (const [name, pagePath] of pages) {
      // A first load warms the worker's isolate (and the edge cache when it is on), so the
      // figures are of serving the page, not of starting the worker.
      await fetch(baseURL + pagePath).then((r) => r.arrayBuffer());
      const { lhr } = await lighthouse(baseURL + pagePath, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      const score = (category) => Math.round(lhr.categories[category].score * 100);
      const lcp = lhr.audits['largest-contentful-paint'].numericValue;
      const cls = lhr.audits['cumulative-layout-shift'].numericValue;
      rows.push(`| ${name} | ${score('performance')} | ${score('accessibility')} | ${score('seo')} | ${(lcp / 1000).toFixed(2)} s | ${cls.toFixed(3)} |`);
      for (const category of CATEGORIES) {
        const failed = failedAudits(lhr, category);
        if (failed.length) misses.push(`${name}, ${category}: ${failed.join(', ')}`);
      }
    }
  } finally {
    chrome.kill();
  }
  console.log('\n## Lighthouse, mobile (simulated throttling)\n');
  console.log('| page | performance | accessibility | SEO | LCP | CLS |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (misses.length) console.log('\nAudits below full marks:\n' + misses.map((m) => `- ${m}`).join('\n'));
}
