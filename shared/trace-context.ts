// W3C Trace Context's traceparent header (https://www.w3.org/TR/trace-context/ — the data
// client's "trace carrier", docs/product/3-routes-data-calls-constants.md §7.4; docs/adr/0105-trace-carrier.md):
// version 00, a 16-byte trace id, the 8-byte id of the caller's span, and flags, in lowercase
// hex. The browser starts one trace per page view and sends it on every GraphQL call; the
// worker's request log records it, so a page view's calls can be followed. Shared: the client
// writes the header, the worker reads it.

export const TRACEPARENT_HEADER = 'traceparent';

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export interface TraceParent {
  traceId: string;
  parentId: string;
  sampled: boolean;
}

function hex(bytes: number): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  const text = Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
  // An id of all zeros is invalid (the spec): vanishingly unlikely, but never sent.
  return /^0+$/.test(text) ? hex(bytes) : text;
}

export const newTraceId = (): string => hex(16);
export const newSpanId = (): string => hex(8);

export function formatTraceParent({ traceId, parentId, sampled }: TraceParent): string {
  return `00-${traceId}-${parentId}-${sampled ? '01' : '00'}`;
}

/** Reads a traceparent value; null for anything the spec calls invalid (version ff, zero ids, bad hex). */
export function parseTraceParent(value: string | null | undefined): TraceParent | null {
  const match = value ? TRACEPARENT.exec(value.trim()) : null;
  if (!match) return null;
  const [, version, traceId, parentId, flags] = match as unknown as [string, string, string, string, string];
  if (version === 'ff' || /^0+$/.test(traceId) || /^0+$/.test(parentId)) return null;
  // A version 00 header has exactly these four fields; later versions may add more after them.
  return { traceId, parentId, sampled: (parseInt(flags, 16) & 1) === 1 };
}
