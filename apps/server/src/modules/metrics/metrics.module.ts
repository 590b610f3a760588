import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../config.ts';

/** Request durations, in seconds: from a cached lookup to a slow party call. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsDeps {
  /** Whether any party answers from its sandbox (docs/parties/README.md). */
  sandboxActive: () => Promise<boolean>;
}

/**
 * `GET /metrics` in Prometheus text (docs/operations.md, Metrics): the runtime's defaults (`nodejs_version_info`,
 * CPU, memory, event loop, garbage collection), request durations by route template, and whether the sandbox
 * is on. A registry of the app's own, so two apps in one process (the tests, a restart) never share series.
 * With METRICS_TOKEN set, a scraper sends it as a bearer token; without it the route is open, for a scraper on
 * the private network (the proxy does not route /metrics: docs/operations.md).
 */
export function registerMetrics(app: FastifyInstance, config: Config, deps: MetricsDeps): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, with their durations',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'member_wallet_sandbox_active',
    help: '1 while any party answers from its sandbox (no real money moves there), else 0',
    registers: [registry],
    async collect() {
      this.set((await deps.sandboxActive()) ? 1 : 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The template, never the path: one series per route, whatever ids or probes arrive.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const expected = config.metricsToken === null ? null : Buffer.from(`Bearer ${config.metricsToken}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected !== null && !sameSecret(request.headers.authorization, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'UNAUTHORIZED' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}

function sameSecret(given: string | undefined, expected: Buffer): boolean {
  const buffer = Buffer.from(given ?? '');
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}
