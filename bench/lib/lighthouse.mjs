// Lighthouse's mobile run (its default: an emulated mid-range phone on simulated slow 4G)
// of a few pages of a started site, in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by
// default). Gives performance, accessibility and SEO scores, TBT, FCP, LCP and CLS per page,
// and the audits that cost points, so a score below 100 says why. docs/web-quality.md records runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'seo'];
/**
 * Runs per page (BENCH_LIGHTHOUSE_RUNS, default 3): one run on a shared two-core machine swings
 * by more than most changes, so each page's figures are those of its median run, chosen the
 * way Lighthouse's own docs advise (computeMedianRun: the run nearest the median FCP and TTI).
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** Audits of a category that failed (score below 1, not informative), by id. */
function failedAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => audit.id);
}

/**
 * The main thread's long tasks of a run (Lighthouse's `long-tasks` audit: simulated, 4× CPU),
 * each with its duration and what it ran (the script's file, else the kind of work), and the
 * time by kind of work (`mainthread-work-breakdown`): where the TBT comes from.
 */
function longTasks(lhr) {
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const file = (url) => (url && /^https?:/.test(url) ? new URL(url).pathname.split('/').pop() || new URL(url).pathname : url);
  return {
    tasks: items.map((t) => ({ start: Math.round(t.startTime), duration: Math.round(t.duration), what: file(t.url) })),
    breakdown: breakdown.map((b) => ({ group: b.groupLabel ?? b.group, ms: Math.round(b.duration) })),
  };
}

/**
 * Runs Lighthouse on each page ([name, path] pairs) of the site at baseURL, one after the
 * other in one browser, RUNS times each. Returns, per page name, its median run's scores (0–100),
 * TBT/FCP/LCP in ms, CLS and audits below full marks, and every run's performance score.
 */
export async function runLighthouse(baseURL, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = new Map();
  try {
    for (const [name, pagePath] of pages) {
      // A first load warms the worker's isolate (and the edge cache when it is on), so the
      // figures are of serving the page, not of starting the worker.
      await fetch(baseURL + pagePath).then((r) => r.arrayBuffer());
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push((await lighthouse(baseURL + pagePath, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })).lhr);
      }
      // A run without a performance score says why (a run-time error, or the metrics that failed).
      for (const [i, run] of runs.entries()) {
        if (run.categories.performance.score !== null) continue;
        const failed = Object.values(run.audits).filter((a) => a.errorMessage).map((a) => `${a.id}: ${a.errorMessage.split('\n')[0]}`);
        console.warn(`Lighthouse on ${name}, run ${i + 1}: no performance score (${run.runtimeError?.code ?? (failed.slice(0, 3).join('; ') || 'no reason given')})`);
      }
      const finished = runs.filter((run) => !run.runtimeError);
      const lhr = finished.length ? computeMedianRun(finished) : runs[0];
      const score = (category) => (lhr.categories[category].score === null ? null : Math.round(lhr.categories[category].score * 100));
      const audit = (id) => lhr.audits[id]?.numericValue;
      // BENCH_LIGHTHOUSE_DIR=dir keeps each page's whole report (dir/<page>.json) to read its audits.
      if (process.env.BENCH_LIGHTHOUSE_DIR) {
        mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
        writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      }
      if (lhr.runtimeError) console.warn(`Lighthouse on ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      results.set(name, {
        performance: score('performance'),
        /** Every run's performance score, in order (the median run's figures are the rest). */
        performanceRuns: runs.map((run) => (run.categories.performance.score === null ? null : Math.round(run.categories.performance.score * 100))),
        accessibility: score('accessibility'),
        seo: score('seo'),
        tbt: audit('total-blocking-time'),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
        longTasks: longTasks(lhr),
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
