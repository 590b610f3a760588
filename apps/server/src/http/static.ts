import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The media folder and the two built apps (the back-office under /backoffice/, the member app at /). */
export async function registerStatic(app: FastifyInstance, config: Config) {
  if (existsSync(config.server.mediaDir)) {
    await app.register(fastifyStatic, { root: config.server.mediaDir, prefix: '/media/', decorateReply: false });
  }
  // The back-office (apps/backoffice) first: its prefix is the more specific one, and it decorates nothing.
  if (existsSync(config.server.backofficeDir)) {
    await app.register(fastifyStatic, {
      ...builtAppFiles(config.server.backofficeDir, BACKOFFICE_PREFIX),
      decorateReply: false,
    });
  } else {
    app.log.warn(
      { backofficeDir: config.server.backofficeDir },
      'No built back-office found: /backoffice serves its API only',
    );
  }
  if (!existsSync(config.server.publicDir)) {
    app.log.warn({ publicDir: config.server.publicDir }, 'No built SPA found: serving the API only');
    return;
  }
  await app.register(fastifyStatic, builtAppFiles(config.server.publicDir, '/'));
}

/** Where the back-office's build is served; its API lives under `/backoffice/api`, never falling back to it. */
export const BACKOFFICE_PREFIX = '/backoffice/';

/** Files whose URL stays while their content changes: the page, the service worker, the manifests (docs/app.md). */
const REVALIDATED = ['index.html', `${sep}sw.js`, '.webmanifest'];

/** The files of a Vite build (the member app's or the back-office's) under `prefix`. */
function builtAppFiles(root: string, prefix: string): FastifyStaticOptions {
  return {
    root,
    prefix,
    // The build writes .br and .gz copies beside each asset (scripts/precompress.mjs); they are sent to
    // browsers that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    // index.html is answered by the SPA fallback (registerErrorHandlers), in the reader's language.
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // The same URL answers brotli, gzip or plain bytes: caches must key on Accept-Encoding.
      reply.header('vary', 'accept-encoding');
      if (filePath.includes(`${sep}assets${sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (REVALIDATED.some((end) => filePath.endsWith(end))) reply.header('cache-control', 'no-cache');
    },
  };
}
