import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@member-wallet/contract/constants';
import type { FastifyInstance } from 'fastify';

/** What the documentation describes: the public API and its files, never the back-office's or the sandbox's. */
const DOCUMENTED_PREFIXES = ['/api/', '/files/'];

/** The OpenAPI document and its UI at /api/docs (API_DOCS; off in production by default). */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      const paths = Object.entries(document.paths ?? {}).filter(([path]) =>
        DOCUMENTED_PREFIXES.some((prefix) => path.startsWith(prefix)),
      );
      return { ...document, paths: Object.fromEntries(paths) };
    },
    openapi: {
      info: { title: 'Member Wallet API', version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          appName: { type: 'apiKey', in: 'header', name: 'X-App-Name' },
        },
      },
      security: [{ appName: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own policy (hashes of its inline scripts), still never framed, and usable over plain HTTP.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace('upgrade-insecure-requests;', ''),
  });
}
