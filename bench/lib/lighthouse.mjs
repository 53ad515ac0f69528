// Lighthouse's mobile run (its default: an emulated mid-range phone on simulated slow 4G)
// of a few pages of a started site, in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by
// default). Gives performance, accessibility and SEO scores, TBT, FCP, LCP and CLS per page,
// and the audits that cost points, so a score below 100 says why. docs/web-quality.md records runs.
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
 * other in one browser. Returns, per page name, its scores (0–100), TBT/FCP/LCP in ms, CLS,
 * and the audits below full marks.
 */
export async function runLighthouse(baseURL, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = new Map();
  try {
    for (const [name, pagePath] of pages) {
      // A first load warms the worker's isolate (and the edge cache when it is on), so the
      // figures are of serving the page, not of starting the worker.
      await fetch(baseURL + pagePath).then((r) => r.arrayBuffer());
      const { lhr } = await lighthouse(baseURL + pagePath, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      const score = (category) => (lhr.categories[category].score === null ? null : Math.round(lhr.categories[category].score * 100));
      const audit = (id) => lhr.audits[id]?.numericValue;
      if (lhr.runtimeError) console.warn(`Lighthouse on ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      results.set(name, {
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        tbt: audit('total-blocking-time'),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        misses: CATEGORIES.flatMap((category) => {
          const failed = failedAudits(lhr, category);
          return failed.length ? [`${name}, ${category}: ${failed.join(', ')}`] : [];
        }),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
