import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, TIMEOUT_MS } from '@member-wallet/contract/constants';
import { type ApiErrorBody, isErrorCode } from '@member-wallet/contract/error-codes';
import { isIdempotencyKey } from '@member-wallet/contract/rules';
import type { FastifyRequest } from 'fastify';
import { type Clock, HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { IdempotencyRepository, IdempotencyRequest } from './idempotency.repository.ts';

/** How long a key's answer is kept: longer than any client keeps retrying one action. */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR_MS;
/**
 * How long an in-progress request holds its key. Past it, the node running it is taken for dead and a retry
 * runs the handler again (safe: handlers are idempotent through their ledger keys). Twice the client's
 * request time-out, so a slow request still running is answered IDEMPOTENCY_KEY_IN_PROGRESS, not run twice.
 */
export const IN_PROGRESS_LEASE_MS = 2 * TIMEOUT_MS.request;
const CLAIM_ATTEMPTS_MAX = 3;

export interface IdempotencyOptions {
  /** A route that moves money requires the header (400 KEY_MISSING without it); others run without one. */
  required: boolean;
}

export interface IdempotencyServiceDeps {
  repository: IdempotencyRepository;
  clock: Clock;
}

type Claim = { run: true; id: bigint } | { run: false; row: IdempotencyRequest };

/** Object keys sorted at every depth, so `{a, b}` and `{b, a}` are the same request. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** SHA-256 of the method, the route's pattern and the canonical parameters, query and body. */
export function requestHash(request: FastifyRequest): string {
  const what = canonicalJson({
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    params: request.params ?? {},
    query: request.query ?? {},
    body: request.body ?? null,
  });
  return createHash('sha256').update(what).digest('hex');
}

/** The request's key: null when absent and allowed; a 400 when absent and required, or malformed. */
export function readIdempotencyKey(request: FastifyRequest, options: IdempotencyOptions): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) {
    if (options.required) throw new AppError('KEY_MISSING', 400, { [IDEMPOTENCY_KEY_HEADER]: 'KEY_MISSING' });
    return null;
  }
  if (typeof value !== 'string' || !isIdempotencyKey(value)) {
    throw new AppError('KEY_INVALID', 400, { [IDEMPOTENCY_KEY_HEADER]: 'KEY_INVALID' });
  }
  return value;
}

/**
 * The HTTP Idempotency-Key (docs/ledger.md): the first request with a key runs and its answer (success or
 * expected failure) is stored; a retry with the same key and request gets that answer without running
 * anything; the same key with another request is refused (422), and while the first still runs, 409.
 */
export class IdempotencyService {
  constructor(private readonly deps: IdempotencyServiceDeps) {}

  /**
   * Runs `handler` under the request's Idempotency-Key for `memberId` (always from the session, never from the
   * body). The handler gets the key (null when the request has none and the route allows that) and answers the
   * 200 body, or throws an AppError that becomes the stored answer; any other error releases the key, so the
   * client's retry runs again. A handler that moves money must derive its ledger idempotency key from this
   * key: then running it again after a crash moves nothing twice.
   */
  async withIdempotency<T>(
    request: FastifyRequest,
    memberId: bigint,
    handler: (key: string | null) => Promise<T>,
    options: IdempotencyOptions,
  ): Promise<T> {
    const key = readIdempotencyKey(request, options);
    if (key === null) return handler(null);
    const claim = await this.claim(memberId, key, requestHash(request));
    if (!claim.run) return replay<T>(claim.row);
    return this.runAndStore(claim.id, () => handler(key));
  }

  /** Deletes expired answers, one bounded batch; for a periodic job. */
  deleteExpired(): Promise<number> {
    return this.deps.repository.deleteExpired(this.deps.clock.now());
  }

  private async claim(memberId: bigint, key: string, hash: string): Promise<Claim> {
    const { repository, clock } = this.deps;
    for (let attempt = 1; attempt <= CLAIM_ATTEMPTS_MAX; attempt++) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
      const inserted = await repository.insertIfAbsent({
        member_id: memberId,
        key,
        request_hash: hash,
        status: 'in_progress',
        created_at: now,
        updated_at: now,
        expires_at: expiresAt,
      });
      if (inserted) return { run: true, id: inserted.id };
      const row = await repository.find(memberId, key);
      // Released by a failed first request between the two statements: claim again.
      if (!row) continue;
      const expired = row.expires_at.getTime() <= now.getTime();
      if (!expired && row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
      if (!expired && row.status === 'completed') return { run: false, row };
      const stale = row.updated_at.getTime() + IN_PROGRESS_LEASE_MS <= now.getTime();
      if (!expired && !stale) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 409);
      const taken = await repository.takeOver(row, hash, now, expiresAt);
      if (taken) return { run: true, id: taken.id };
    }
    // Every attempt lost a race for this key to another request, which is therefore running now.
    throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 409);
  }

  private async runAndStore<T>(id: bigint, handler: () => Promise<T>): Promise<T> {
    const { repository, clock } = this.deps;
    let answer: T;
    try {
      answer = await handler();
    } catch (error) {
      if (error instanceof AppError) await repository.complete(id, error.status, error.body(), clock.now());
      else await repository.release(id);
      throw error;
    }
    await repository.complete(id, 200, answer, clock.now());
    return answer;
  }
}

/** The stored answer again: the 200 body, or the same refusal thrown as the AppError it was. */
function replay<T>(row: IdempotencyRequest): T {
  if (row.response_status === 200) return row.response_body as T;
  const body = row.response_body as ApiErrorBody;
  if (!isErrorCode(body.message)) throw new Error(`stored idempotent answer ${row.id} has no error code`);
  throw new AppError(body.message, row.response_status ?? 500, body.fields);
}
