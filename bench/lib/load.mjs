import autocannon from 'autocannon';

/** Requests per second for one URL, with autocannon (a fixed number of connections for a fixed time). */
export async function requestsPerSecond(url, { seconds = 5, connections = 8, headers = {} } = {}) {
  const result = await autocannon({ url, duration: seconds, connections, headers });
  const non2xx = result.non2xx;
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + non2xx,
  };
}
