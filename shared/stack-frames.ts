// Reading where an error happened from its stack: the first frame's file, line and column.
// Both V8's "    at fn (https://…/entry-abc.js:12:34)" and Firefox's "fn@https://…:12:34"
// are understood. Used by the browser's reporter and the worker's render-crash report.

export interface StackFrame {
  file: string;
  line: number;
  column: number;
}

export function firstFrame(stack: string | undefined | null): StackFrame | null {
  if (!stack) return null;
  for (const line of stack.split('\n')) {
    const match = /(?:\(|@|at\s+)([^()\s@]+?):(\d+):(\d+)\)?\s*$/.exec(line.trim());
    if (match) return { file: match[1]!, line: Number(match[2]), column: Number(match[3]) };
  }
  return null;
}
