import { type Metric, Registry } from 'prom-client';
import { RequestStats } from './request-stats';

describe('RequestStats', () => {
  it("is read by prom-client's registry as a counter and a cumulative histogram", async () => {
    const stats = new RequestStats();
    const registry = new Registry();
    registry.registerMetric(stats.requests as unknown as Metric);
    registry.registerMetric(stats.latency as unknown as Metric);
    stats.record('GET', '/lottery/:tag', 200, 0.0004);
    stats.record('GET', '/lottery/:tag', 200, 0.003);
    stats.record('GET', '/lottery/:tag', 404, 7);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('http_requests_total{method="GET",route="/lottery/:tag",status="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="/lottery/:tag",status="404"} 1');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const bucket = (le: string) =>
      text.match(
        new RegExp(
          `http_request_duration_seconds_bucket\\{le="${le.replace('+', '\\+')}",method="GET",route="/lottery/:tag"\\} (\\d+)`,
        ),
      )?.[1];
    expect([bucket('0.001'), bucket('0.0025'), bucket('0.005'), bucket('5'), bucket('+Inf')]).toEqual([
      '1',
      '1',
      '2',
      '2',
      '3',
    ]);
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/lottery/:tag"} 3');
    expect(text).toMatch(/http_request_duration_seconds_sum\{method="GET",route="\/lottery\/:tag"\} 7\.0034/);
  });
});
