// One autocannon run against a server, as the load gate and bench:memory drive it.
import autocannon from 'autocannon';

export interface LoadRun {
  /** One path, or several that each connection takes in turn. */
  paths: string[];
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  durationSeconds: number;
  /** A request unanswered this long counts as a timeout. */
  timeoutSeconds: number;
  /** Each answer's connection and latency (ms). */
  onResponse?: (client: unknown, latencyMs: number) => void;
}

export function runLoad(baseUrl: string, run: LoadRun): Promise<autocannon.Result> {
  const headers: Record<string, string> = { 'accept-language': 'en', ...(run.body && { 'content-type': 'application/json' }) };
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}${run.paths[0]}`,
        method: run.method ?? 'GET',
        body: run.body,
        headers,
        ...(run.paths.length > 1 && { requests: run.paths.map((path) => ({ path, method: run.method ?? 'GET', body: run.body, headers })) }),
        connections: run.connections,
        duration: run.durationSeconds,
        timeout: run.timeoutSeconds,
      },
      (error: unknown, done: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    // autocannon's own histogram has no p95: a caller that wants one keeps every latency.
    if (run.onResponse) instance.on('response', (client, _status, _bytes, responseTime) => run.onResponse!(client, responseTime));
  });
}
