import { API } from '@member-wallet/contract/api-paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '../../lib/file-store.ts';
import { parseRange, storedNameOf } from './chat.files.ts';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

async function sendChatFile(store: FileStore, request: FastifyRequest, reply: FastifyReply, name: string) {
  const size = await store.size(name);
  if (size === null) return reply.code(404).send({ message: 'NO_DATA' });
  const range = parseRange(request.headers.range, size);
  if (range === null) return reply.code(416).header('content-range', `bytes */${size}`).send();
  const bytes = await store.stream(name, range);
  // Removed between the two looks (the sweeper takes unsent uploads): as missing.
  if (!bytes) return reply.code(404).send({ message: 'NO_DATA' });
  reply
    .header('content-type', CONTENT_TYPES[name.split('.')[1] ?? ''] ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    // The random name is the credential and a stored file never changes: kept long, by the browser only.
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes');
  if (range === undefined) return reply.header('content-length', size).send(bytes);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(bytes);
}

/**
 * `GET /files/chat/<name>`: a chat upload, by the random name its upload answered, as its own type, inline, never
 * sniffed, in byte ranges when asked (a video's player seeks with them).
 */
export function chatFileRoute(app: FastifyInstance, store: FileStore) {
  app.get<{ Params: { name: string } }>(
    `${API.chatFiles}/:name`,
    { schema: { summary: 'A chat upload by the path its upload answered (byte ranges supported)', tags: ['chat'] } },
    (request, reply) => {
      const name = storedNameOf(`${API.chatFiles}/${request.params.name}`);
      if (name === null) return reply.code(404).send({ message: 'NO_DATA' });
      return sendChatFile(store, request, reply, name);
    },
  );
}
