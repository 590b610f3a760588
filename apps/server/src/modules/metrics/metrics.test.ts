import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 22: `GET /metrics` in Prometheus text, for an operator's scraper (docs/operations.md, Metrics). */
describe('GET /metrics', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await startTestApp();
    guarded = await startTestApp({ METRICS_TOKEN: 'scrape-secret-1234567890' });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it("answers the runtime's metrics, requests by route template and whether the sandbox is on", async () => {
    await open.api({ method: 'GET', url: '/api/lookup/banks' });
    await open.api({ method: 'GET', url: '/api/nowhere/42' });
    const answer = await open.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(text).toMatch(/^nodejs_version_info\{version="v\d+\.\d+\.\d+",major="\d+"/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/lookup\/banks",status_code="200"\} 1$/m,
    );
    // An unknown path is one series, not one per path a scanner tries.
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1$/m,
    );
    expect(text).not.toContain('/api/nowhere/42');
    expect(text).toMatch(/^member_wallet_sandbox_active 1$/m);
  });

  it('asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'scrape-secret-1234567890', 'Bearer scrape-secret-123']) {
      const refused = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.body).not.toContain('nodejs_version_info');
    }
    const answer = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret-1234567890' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('nodejs_version_info');
  });
});
