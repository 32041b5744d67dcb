/** The latency histogram's upper bounds, in seconds. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface RouteStats {
  method: string;
  route: string;
  status: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last counts those above every bound. */
  buckets: number[];
}

type MetricValue = { labels: Record<string, string>; value: number; metricName?: string };

/**
 * Requests by method, route and status, and their latency: plain counters written on every request and turned
 * into Prometheus metrics only when /metrics is read. prom-client's own Counter and Histogram hash their labels
 * on every observation (≈ 5 % of a metered read); these metrics are registered in its registry like its own
 * (Registry.registerMetric), so the exposition format is prom-client's.
 */
export class RequestStats {
  private readonly entries = new Map<string, RouteStats>();

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        method,
        route,
        status: String(status),
        count: 0,
        sum: 0,
        buckets: LATENCY_BUCKETS.map(() => 0),
      };
      entry.buckets.push(0);
      this.entries.set(key, entry);
    }
    entry.count += 1;
    entry.sum += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]) bucket += 1;
    entry.buckets[bucket] += 1;
  }

  /** `http_requests_total`, as prom-client's registry reads a metric. */
  readonly requests = {
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status.',
    type: 'counter',
    aggregator: 'sum',
    get: async () => ({
      name: this.requests.name,
      help: this.requests.help,
      type: this.requests.type,
      aggregator: this.requests.aggregator,
      values: [...this.entries.values()].map(({ method, route, status, count }) => ({
        labels: { method, route, status },
        value: count,
      })),
    }),
    reset: () => this.entries.clear(),
  };

  /** `http_request_duration_seconds` (by method and route), as prom-client's registry reads a histogram. */
  readonly latency = {
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route template.',
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({
      name: this.latency.name,
      help: this.latency.help,
      type: this.latency.type,
      aggregator: this.latency.aggregator,
      values: this.latencyValues(),
    }),
    reset: () => this.entries.clear(),
  };

  private latencyValues(): MetricValue[] {
    const byRoute = new Map<
      string,
      { method: string; route: string; count: number; sum: number; buckets: number[] }
    >();
    for (const entry of this.entries.values()) {
      const key = `${entry.method} ${entry.route}`;
      const total = byRoute.get(key) ?? {
        method: entry.method,
        route: entry.route,
        count: 0,
        sum: 0,
        buckets: entry.buckets.map(() => 0),
      };
      total.count += entry.count;
      total.sum += entry.sum;
      entry.buckets.forEach((n, i) => (total.buckets[i] += n));
      byRoute.set(key, total);
    }
    const name = this.latency.name;
    const values: MetricValue[] = [];
    for (const { method, route, count, sum, buckets } of byRoute.values()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        cumulative += buckets[i];
        values.push({
          labels: { le: String(bound), method, route },
          value: cumulative,
          metricName: `${name}_bucket`,
        });
      });
      values.push({ labels: { le: '+Inf', method, route }, value: count, metricName: `${name}_bucket` });
      values.push({ labels: { method, route }, value: sum, metricName: `${name}_sum` });
      values.push({ labels: { method, route }, value: count, metricName: `${name}_count` });
    }
    return values;
  }
}
