import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Clock } from '../../lib/clock.ts';
import { PaymentGatewayUnavailableError } from './payment-gateway.ts';

/**
 * KASIKORNBANK's Open API as the QR Payment adapter calls it (docs/parties/kbank-qr.md): an OAuth 2.0
 * client-credentials token from `POST {base}/v2/oauth/token`, kept until shortly before its expiry (in this node's
 * memory: each server node fetches its own), then JSON `POST`s with `Authorization: Bearer`, over two-way SSL when
 * a client certificate is given. A 401 drops the token and the call is made once more with a new one.
 */

export interface KbankClientOptions {
  /** e.g. `https://openapi.kasikornbank.com` (`https://openapi-sandbox.kasikornbank.com` for KBank's sandbox). */
  baseUrl: string;
  consumerId: string;
  consumerSecret: string;
  /** PEM client certificate and key for KBank's two-way SSL; null: plain TLS. */
  tls: { cert: string; key: string } | null;
  clock: Clock;
  /** One call's time-out, the token's included. */
  timeoutMs: number;
}

/** An answer: the HTTP status and the JSON object, or null when the body is not one. */
export interface KbankAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

/** The token is renewed this long before KBank says it expires (clocks drift; a call takes time). */
export const TOKEN_RENEW_BEFORE_MS = 60_000;
const ANSWER_BYTES_MAX = 64 * 1024;

export class KbankClient {
  #token: { value: string; renewAt: number } | null = null;
  #pending: Promise<string> | null = null;

  constructor(private readonly options: KbankClientOptions) {}

  /** `POST {base}{path}` with the JSON body and the bearer token; a 401 is tried once more with a new token. */
  async post(path: string, body: Record<string, unknown>): Promise<KbankAnswer> {
    const text = JSON.stringify(body);
    const token = await this.token();
    const answer = await this.send(path, this.bearer(token), 'application/json', text);
    if (answer.status !== 401) return answer;
    this.dropToken(token);
    return this.send(path, this.bearer(await this.token()), 'application/json', text);
  }

  /** The cached token, or a new one; callers at once share one request. */
  token(): Promise<string> {
    const cached = this.#token;
    if (cached && this.options.clock.now().getTime() < cached.renewAt) return Promise.resolve(cached.value);
    this.#pending ??= this.fetchToken().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** Forgets a token KBank refused (unless a newer one already replaced it). */
  dropToken(value: string): void {
    if (this.#token?.value === value) this.#token = null;
  }

  private bearer(token: string): Record<string, string> {
    return { authorization: `Bearer ${token}` };
  }

  private async fetchToken(): Promise<string> {
    const { consumerId, consumerSecret, clock } = this.options;
    const basic = Buffer.from(`${consumerId}:${consumerSecret}`).toString('base64');
    const issuedAt = clock.now().getTime();
    const { status, body } = await this.send(
      '/v2/oauth/token',
      { authorization: `Basic ${basic}` },
      'application/x-www-form-urlencoded',
      'grant_type=client_credentials',
    );
    const value = body?.access_token;
    const expiresIn = Number(body?.expires_in);
    const approved = body?.status === undefined || String(body.status).toLowerCase() === 'approved';
    if (status !== 200 || typeof value !== 'string' || value === '' || !(expiresIn > 0) || !approved) {
      throw new PaymentGatewayUnavailableError(`KBank gave no access token (HTTP ${status})`);
    }
    const renewAt = issuedAt + expiresIn * 1000 - TOKEN_RENEW_BEFORE_MS;
    this.#token = { value, renewAt };
    return value;
  }

  /** One HTTPS request; a network error, a time-out or an answer too long is an unknown outcome. */
  private send(path: string, headers: Record<string, string>, type: string, text: string): Promise<KbankAnswer> {
    const { baseUrl, tls, timeoutMs } = this.options;
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const failed = (cause: unknown) =>
        reject(new PaymentGatewayUnavailableError(`KBank unreachable: POST ${url.pathname}`, { cause }));
      const outgoing = request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': type, accept: 'application/json', 'content-length': byteLength(text) },
          signal: AbortSignal.timeout(timeoutMs),
          ...(tls && url.protocol === 'https:' ? { cert: tls.cert, key: tls.key } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > ANSWER_BYTES_MAX) response.destroy(new Error('answer too long'));
            else chunks.push(chunk);
          });
          response.on('error', failed);
          response.on('close', () => {
            if (!response.complete) failed(new Error('answer cut short'));
          });
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body: jsonObject(Buffer.concat(chunks).toString('utf8')) });
          });
        },
      );
      outgoing.on('error', failed);
      outgoing.end(text);
    });
  }
}

function byteLength(text: string): string {
  return String(Buffer.byteLength(text, 'utf8'));
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
