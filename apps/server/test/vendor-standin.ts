import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing of a vendor's local stand-in for tests (test/slipok-standin.ts, easyslip-standin.ts): an HTTP
 * server on 127.0.0.1 at a free port that records every request as received and answers it with the vendor's
 * handler, unless a test scripted the next answers (a status and body of its own, or none at all: the
 * connection is held until the stand-in closes, for time-outs).
 */

export interface RecordedRequest {
  method: string;
  url: string;
  /** Header names in lower case, as received. */
  headers: Record<string, string>;
  body: Buffer;
  /** The JSON body, when it was one. */
  json: unknown;
  /** The multipart/form-data body's fields and files, when it was one. */
  form: FormData | null;
}

export interface VendorAnswer {
  status: number;
  /** An object is sent as JSON; a string as it is (with `contentType`, default text/plain). */
  body: unknown;
  contentType?: string;
}

export type Scripted = VendorAnswer | 'hang';

export interface StandIn {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  requests: RecordedRequest[];
  /** Answers given instead of the vendor's own, one a request, first in first out. */
  script: Scripted[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function record(request: IncomingMessage): Promise<RecordedRequest> {
  const body = await readBody(request);
  const headers: Record<string, string> = {};
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    headers[(request.rawHeaders[i] ?? '').toLowerCase()] = request.rawHeaders[i + 1] ?? '';
  }
  const type = headers['content-type'] ?? '';
  let json: unknown;
  let form: FormData | null = null;
  if (type.startsWith('application/json')) {
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      json = undefined;
    }
  } else if (type.startsWith('multipart/form-data')) {
    // The platform's own multipart parser (undici), so the stand-in reads what any server would.
    form = await new Response(body, { headers: { 'content-type': type } }).formData().catch(() => null);
  }
  return { method: request.method ?? '', url: request.url ?? '', headers, body, json, form };
}

function send(response: ServerResponse, answer: VendorAnswer) {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const contentType = answer.contentType ?? (typeof answer.body === 'string' ? 'text/plain' : 'application/json');
  response.writeHead(answer.status, { 'content-type': contentType }).end(text);
}

/** Starts a stand-in answering with `handle` (what the vendor documents) unless scripted otherwise. */
export async function startStandIn(
  handle: (request: RecordedRequest) => VendorAnswer | Promise<VendorAnswer>,
): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const script: Scripted[] = [];
  const server = createServer((request, response) => {
    record(request)
      .then(async (recorded) => {
        requests.push(recorded);
        const scripted = script.shift();
        if (scripted === 'hang') return;
        send(response, scripted ?? (await handle(recorded)));
      })
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
