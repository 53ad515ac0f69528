// Source maps of the client's bundles, read by the benches: which original function a profiled
// frame is (bench/lib/long-tasks.mjs), and which package a bundle's bytes come from
// (bench/foundation.bench.mjs). The bundles' maps sit beside them (`{file}.map`).
import { gzipSync } from 'node:zlib';

const VLQ = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Per generated line, its mapped segments as [column, source index, name index or -1], in column order. */
function mappedLines({ mappings }) {
  const lines = [];
  let source = 0;
  let name = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = VLQ[char];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length < 4) {
        segments.push([column, -1, -1]);
        continue;
      }
      source += values[1];
      if (values.length > 4) name += values[4];
      segments.push([column, source, values.length > 4 ? name : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** A source map's mappings as a lookup (generated line and column, 0-based) → { source, name }. */
export function decodeSourceMap(map) {
  const lines = mappedLines(map).map((segments) => segments.filter(([, source]) => source >= 0));
  return (line, column) => {
    const segments = lines[line];
    if (!segments?.length) return null;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segments[middle][0] <= column) low = middle;
      else high = middle - 1;
    }
    const [, sourceIndex, nameIndex] = segments[low];
    return { source: map.sources[sourceIndex] ?? '?', name: nameIndex >= 0 ? map.names[nameIndex] : null };
  };
}

/** The npm package a source path is in (`react-dom`, `@urql/core`), or null for the app's own code. */
export function packageOf(source) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return match ? match[1] : null;
}

/**
 * The generated code of one bundle grouped by `groupOf(source path)`, each group's text gzipped on
 * its own: Map(group → gzip bytes). Unmapped code (the bundler's glue) is the group of null.
 */
export function gzipBytesBy(code, map, groupOf) {
  const texts = new Map();
  const codeLines = code.split('\n');
  mappedLines(map).forEach((segments, line) => {
    segments.forEach(([column, source], index) => {
      const end = index + 1 < segments.length ? segments[index + 1][0] : codeLines[line]?.length ?? column;
      const group = groupOf(source >= 0 ? map.sources[source] : null);
      texts.set(group, (texts.get(group) ?? '') + (codeLines[line]?.slice(column, end) ?? ''));
    });
  });
  return new Map([...texts].map(([group, text]) => [group, gzipSync(Buffer.from(text), { level: 9 }).length]));
}
