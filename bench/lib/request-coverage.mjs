// Which source files a request runs, read from workerd through the DevTools protocol
// (wrangler dev --inspector-port) and mapped back to the sources through the bundle's source
// map. workerd answers the Profiler domain with its own sampling CPU profiler (V8's precise
// coverage is not reachable through it), so this samples: every function seen on the stack
// in any sample of any repetition counts. A function that always finishes between two samples
// can be missed, so the figures are a floor; they are comparable between two trees measured
// the same way (same interval, same repetitions).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
// Node's own WebSocket is refused by wrangler's inspector proxy; ws is what its DevTools clients use.
import WebSocket from 'ws';

const root = path.resolve(import.meta.dirname, '../..');
export const SAMPLING_INTERVAL_MICROSECONDS = 20;

/** A DevTools session on the worker's isolate. */
export async function openInspector(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map();
  const scripts = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(`${message.error.message} (${message.error.code})`));
      else resolve(message.result);
    } else if (message.method === 'Debugger.scriptParsed') {
      scripts.set(message.params.scriptId, message.params);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('Debugger.enable');
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_MICROSECONDS });
  return { send, scripts, close: () => socket.close() };
}

const maps = new Map();

/** The bundle's source map: inline, or the file beside it. */
function traceMapOf(inspector, script) {
  if (maps.has(script.scriptId)) return maps.get(script.scriptId);
  let map = null;
  const url = script.sourceMapURL;
  if (url?.startsWith('data:')) {
    map = new TraceMap(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').toString('utf8'));
  } else if (url && script.url.startsWith('file://')) {
    const file = path.resolve(path.dirname(fileURLToPath(script.url)), url);
    map = new TraceMap(readFileSync(file, 'utf8'));
  }
  maps.set(script.scriptId, map);
  return map;
}

const sources = new Map();

async function fileOf(inspector, frame) {
  const parsed = inspector.scripts.get(frame.scriptId);
  if (!parsed) return null;
  const map = traceMapOf(inspector, parsed);
  if (!map) return null;
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original.source) return null;
  const base = parsed.url.startsWith('file://') ? path.dirname(fileURLToPath(parsed.url)) : root;
  const file = path.relative(root, path.resolve(base, original.source)).replaceAll(path.sep, '/');
  return /^(worker|client|shared)\//.test(file) ? file : null;
}

/**
 * Runs `act` `repetitions` times (after `prepare`, which is not profiled) and answers the
 * repository files (worker/, client/, shared/) whose functions were seen running, each with
 * the number of its distinct functions seen, in the order they were first entered.
 */
export async function filesRunBy(inspector, { act, prepare, repetitions = 30 }) {
  const functions = new Map();
  for (let i = 0; i < repetitions; i++) {
    await prepare?.();
    await inspector.send('Profiler.start');
    await act();
    const { profile } = await inspector.send('Profiler.stop');
    // In sample order, each sampled stack from its root to its leaf: files appear in the order
    // they were first entered (async continuations start stacks of their own).
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const seenStacks = new Set();
    for (const sampled of [...(profile.samples ?? []), ...profile.nodes.map((node) => node.id)]) {
      if (seenStacks.has(sampled)) continue;
      seenStacks.add(sampled);
      const stack = [];
      for (let id = sampled; id !== undefined; id = parent.get(id)) stack.unshift(byId.get(id));
      for (const node of stack) {
        const frame = node.callFrame;
        if (frame.scriptId === '0' || frame.lineNumber < 0) continue;
        const file = await fileOf(inspector, frame);
        if (!file) continue;
        if (!functions.has(file)) functions.set(file, new Set());
        functions.get(file).add(`${frame.functionName}@${frame.lineNumber}:${frame.columnNumber}`);
      }
    }
  }
  // Insertion order is the order of first entry (of the first repetition that reached a file).
  return new Map([...functions].map(([file, set]) => [file, set.size]));
}
