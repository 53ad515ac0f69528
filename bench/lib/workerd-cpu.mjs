// CPU time of the workerd processes behind a started site, read from the kernel's own
// counters (/proc/<pid>/stat: utime + stime, in clock ticks). Benchmarks read it before and
// after a run and divide by the requests served: CPU ms per request, whatever else the
// machine is doing (unlike req/s, which a busy machine lowers).
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function statFields(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields start after the last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const rest = text.slice(close + 2).split(' ');
    // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return { comm, ppid: Number(rest[1]), utime: Number(rest[11]), stime: Number(rest[12]) };
  } catch {
    return null;
  }
}

/** Every process below `rootPid` (children, grandchildren, …) whose command name is workerd. */
export function workerdPids(rootPid) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (fields) parents.set(Number(name), fields);
  }
  const below = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, fields] of parents) {
      if (!below.has(pid) && below.has(fields.ppid)) {
        below.add(pid);
        grew = true;
      }
    }
  }
  return [...below].filter((pid) => parents.get(pid)?.comm === 'workerd');
}

/** CPU milliseconds the processes have used so far (user + system). */
export function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) ticks += fields.utime + fields.stime;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * Runs `load` (which resolves to a count of requests served) and answers the workerd CPU
 * it cost per request. The /proc counters tick every 10 ms: runs of a few thousand
 * requests make that resolution negligible.
 */
export async function measureCpuPerRequest(pids, load) {
  const before = cpuMs(pids);
  const result = await load();
  const after = cpuMs(pids);
  const requests = typeof result === 'number' ? result : result.requests;
  return { result, cpuMsPerRequest: requests > 0 ? (after - before) / requests : NaN };
}
