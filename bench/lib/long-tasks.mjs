// The main thread's long tasks of a page load in Chromium, each broken down by what it did
// (script evaluation, the functions it called, style, layout, HTML parsing, garbage collection),
// from a DevTools trace with the CPU slowed 4× (Lighthouse's mobile factor). Lighthouse's own
// `long-tasks` audit names only the script a task ran; this says which part of the task was the
// module's evaluation, React's hydration render (a function call from a scheduler message) or the
// style and layout after it. Used by bench/foundation.bench.mjs (BENCH_LONG_TASKS=1) and by hand:
//   node bench/lib/long-tasks.mjs http://localhost:8787/ [more URLs]
// With --profile (LONG_TASKS_PROFILE=1) the V8 sampling profiler runs too, and each task also
// says which of React's work loops ran in it (renderRootSync: not time-sliced; renderRootConcurrent:
// in slices; commitRoot; flushPassiveEffects) and the application's functions it spent its time
// in, through the bundles' source maps (docs/adr/0224-start-up-work-in-slices.md).
import { chromium } from 'playwright-core';
import { decodeSourceMap } from './source-maps.mjs';

/** Trace event names, grouped by the kind of work a long task did. */
const KINDS = {
  EvaluateScript: 'evaluate script',
  'v8.evaluateModule': 'evaluate script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  FunctionCall: 'function call',
  TimerFire: 'function call',
  FireAnimationFrame: 'function call',
  RunMicrotasks: 'microtasks',
  EventDispatch: 'event',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  Paint: 'paint',
  PrePaint: 'paint',
  Commit: 'paint',
};

const MAIN_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Loads `url` in a phone-sized page at 4× CPU slowdown and returns its long tasks (≥ 50 ms, the
 * slowed duration) until the network is idle: start (ms after navigation), duration, and the
 * task's time by kind of work (the outermost event of each kind inside it), plus the URL of the
 * script it evaluated or called into, if any.
 */
export async function longTasksOf(browser, url, { profile = process.env.LONG_TASKS_PROFILE === '1' } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', ...(profile ? ['disabled-by-default-v8.cpu_profiler'] : [])],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await cdp.send('Tracing.end');
  await done;
  await context.close();

  // The page's main thread: of the renderers' main threads, the one that parsed the most HTML.
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const parsed = new Map();
  for (const e of events) if (e.name === 'ParseHTML' && mains.has(`${e.pid}:${e.tid}`)) parsed.set(`${e.pid}:${e.tid}`, (parsed.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const thread = [...parsed].sort((a, b) => b[1] - a[1])[0]?.[0];
  const main = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X');
  const navigationStart =
    events.filter((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === thread).sort((a, b) => b.ts - a.ts)[0]?.ts ?? main[0]?.ts ?? 0;
  const tasks = main.filter((e) => e.name === 'RunTask' && e.dur >= 50_000).sort((a, b) => a.ts - b.ts);
  const samples = profile ? await profileSamples(events, thread) : null;
  return tasks.map((task) => {
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && KINDS[e.name]);
    const byKind = new Map();
    // Count each kind's outermost events only (a FunctionCall inside an EvaluateScript is the script's).
    const open = [];
    for (const event of inside.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
      while (open.length && open[open.length - 1].ts + open[open.length - 1].dur <= event.ts) open.pop();
      const kind = KINDS[event.name];
      if (!open.some((outer) => KINDS[outer.name] === kind || (outer.name !== 'RunMicrotasks' && /evaluate|function|event|microtasks/.test(KINDS[outer.name]) && /evaluate|function|microtasks|compile|GC/.test(kind))))
        byKind.set(kind, (byKind.get(kind) ?? 0) + event.dur / 1000);
      open.push(event);
    }
    const script = inside.find((e) => e.args?.data?.url && /^https?:/.test(e.args.data.url))?.args.data.url ?? inside.find((e) => /^https?:/.test(e.args?.data?.scriptName ?? e.args?.fileName ?? ''))?.args;
    return {
      start: Math.round((task.ts - navigationStart) / 1000),
      duration: Math.round(task.dur / 1000),
      script: script ? new URL(script).pathname.split('/').pop() || '/' : null,
      kinds: [...byKind].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${Math.round(ms)}`),
      ...(samples ? profileOf(samples.filter((sample) => sample.ts >= task.ts && sample.ts <= task.ts + task.dur)) : {}),
    };
  });
}

/** React's work loops, by the function names its production build keeps in the source map. */
const REACT_LOOPS = ['renderRootSync', 'renderRootConcurrent', 'commitRoot', 'flushPassiveEffects'];

/** One task's samples: ms per React work loop and per application function (client/, shared/). */
function profileOf(samples) {
  const loops = new Map();
  const functions = new Map();
  for (const { frames, ms } of samples) {
    const loop = REACT_LOOPS.find((name) => frames.some((frame) => frame.name === name));
    if (loop) loops.set(loop, (loops.get(loop) ?? 0) + ms);
    const own = frames.find((frame) => /^(client|shared)\//.test(frame.source));
    if (own) functions.set(`${own.name}@${own.source}`, (functions.get(`${own.name}@${own.source}`) ?? 0) + ms);
  }
  const top = (map, count) => [...map].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, ms]) => `${name} ${Math.round(ms)}`);
  return { react: top(loops, 4), functions: top(functions, 5) };
}

/**
 * The main thread's CPU profile samples (ts in µs, ms each, frames innermost first), each frame
 * mapped through its script's source map (fetched beside the script) to its original name and file.
 */
async function profileSamples(events, thread) {
  const profileId = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === thread)?.id;
  const chunks = events.filter((e) => (e.name === 'Profile' || e.name === 'ProfileChunk') && e.id === profileId && `${e.pid}` === thread.split(':')[0]);
  const nodes = new Map();
  const raw = [];
  let ts = 0;
  for (const chunk of chunks) {
    if (chunk.name === 'Profile') {
      ts = chunk.args.data.startTime;
      continue;
    }
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((id, index) => raw.push({ id, ts: (ts += timeDeltas[index] ?? 0) }));
  }
  const maps = new Map();
  const urls = new Set([...nodes.values()].map((node) => node.callFrame.url).filter((url) => /^https?:.*\.js$/.test(url)));
  await Promise.all([...urls].map(async (url) => maps.set(url, await fetch(url + '.map').then((r) => (r.ok ? r.json() : null)).then((map) => map && decodeSourceMap(map)).catch(() => null))));
  const frameOf = new Map();
  const frame = (node) => {
    if (!frameOf.has(node.id)) {
      const { url, lineNumber, columnNumber, functionName } = node.callFrame;
      const original = maps.get(url)?.(lineNumber, columnNumber);
      frameOf.set(node.id, {
        name: original?.name ?? (functionName || '(anonymous)'),
        source: original ? original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '') : url,
      });
    }
    return frameOf.get(node.id);
  };
  return raw.map(({ id, ts: at }, index) => {
    const frames = [];
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) frames.push(frame(node));
    return { ts: at, ms: ((raw[index + 1]?.ts ?? at) - at) / 1000, frames };
  });
}

export function describeLongTasks(tasks) {
  if (!tasks.length) return 'none';
  const total = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const profiled = (t) => (t.react ? ` [${[...t.react, ...t.functions].join(', ')}]` : '');
  return `${tasks.length} task(s), ${total} ms over 50 ms: ` + tasks.map((t) => `${t.start}+${t.duration} ${t.script ?? ''} (${t.kinds.join(', ')})${profiled(t)}`).join('; ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: MAIN_FLAGS });
  try {
    const profile = process.argv.includes('--profile') || process.env.LONG_TASKS_PROFILE === '1';
    for (const url of process.argv.slice(2).filter((arg) => arg !== '--profile')) console.log(`${url}\n  ${describeLongTasks(await longTasksOf(browser, url, { profile }))}`);
  } finally {
    await browser.close();
  }
}
