// A client module tried on its own in Chromium: `componentPage` bundles a fixture entry (React and
// the app's modules as the client build has them, production mode) into one inline script and opens
// it over the markup a server would have sent — for behaviour no page of the site can be steered
// into on demand, such as a static region whose content changes twice after hydration.
import { build } from 'esbuild';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../../..');

/** A page whose body is `markup` and which then runs the fixture `entry` (a path under tests/e2e/fixtures). */
export async function componentPage(browser: Browser, entry: string, markup: string): Promise<Page> {
  const bundle = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'tests/e2e/fixtures', entry)],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setContent(`<!doctype html><html><body>${markup}<script>${bundle.outputFiles[0]!.text.replaceAll('</script', '<\\/script')}</script></body></html>`);
  if (errors.length) throw new Error(`The fixture ${entry} failed: ${errors.join('; ')}`);
  return page;
}
