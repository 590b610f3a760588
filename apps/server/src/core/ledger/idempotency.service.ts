import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER, TIMEOUT_MS } from '@member-wallet/contract/constants';
import { type ApiErrorBody, isErrorCode } from '@member-wallet/contract/error-codes';
import { isIdempotencyKey } from '@member-wallet/contract/rules';
import type { FastifyRequest } from 'fastify';
import { type Clock, HOUR_MS, SECOND_MS } from '../../lib/clock.ts';
import { AnsweredError, AppError } from '../../lib/errors.ts';
import type { IdempotencyRepository, IdempotencyRequest } from './idempotency.repository.ts';

/** How long a key's answer is kept: longer than any client keeps retrying one action. */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR_MS;
/**
 * How long an in-progress request holds its key since it claimed it or last renewed it. A request still running
 * renews it every IN_PROGRESS_RENEW_MS, so a slow one is answered IDEMPOTENCY_KEY_IN_PROGRESS, not run twice;
 * one that stops renewing (its node died) loses it, and a retry runs the handler again (safe: handlers are
 * idempotent through their ledger keys). Short, so a member whose request died with a node can retry soon: it
 * was twice the client's request time-out (2 minutes) before renewals.
 */
export const IN_PROGRESS_LEASE_MS = 15 * SECOND_MS;
/** A third of the lease: two renewals may be late (a busy database, a collection) before the key is lost. */
export const IN_PROGRESS_RENEW_MS = IN_PROGRESS_LEASE_MS / 3;
/**
 * How long a duplicate of a request that is still running waits for the first one's answer, to replay it,
 * before it answers IDEMPOTENCY_KEY_IN_PROGRESS: a quarter of the client's request time-out, so the duplicate
 * still answers well before the client gives up on it. Measured in real time, not by the service's clock.
 */
export const IN_PROGRESS_WAIT_MS = TIMEOUT_MS.request / 4;
/** The pause between two looks at a running request's row: short at first (most requests take milliseconds). */
const WAIT_PAUSE_FIRST_MS = 10;
const WAIT_PAUSE_MAX_MS = 100;

export interface IdempotencyOptions {
  /** A route that moves money requires the header (400 KEY_MISSING without it); others run without one. */
  required: boolean;
}

export interface IdempotencyServiceDeps {
  repository: IdempotencyRepository;
  clock: Clock;
  /** IN_PROGRESS_WAIT_MS unless given (tests shorten it). */
  inProgressWaitMs?: number;
  /** IN_PROGRESS_RENEW_MS unless given (tests shorten it). */
  leaseRenewMs?: number;
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
    if (options.required) throw new AppError('KEY_MISSING', { [IDEMPOTENCY_KEY_HEADER]: 'KEY_MISSING' });
    return null;
  }
  if (typeof value !== 'string' || !isIdempotencyKey(value)) {
    throw new AppError('KEY_INVALID', { [IDEMPOTENCY_KEY_HEADER]: 'KEY_INVALID' });
  }
  return value;
}

/**
 * The HTTP Idempotency-Key (docs/ledger.md): the first request with a key runs and its answer (success or
 * expected failure) is stored; a retry with the same key and request gets that answer without running
 * anything; the same key with another request is refused (422). A duplicate that arrives while the first
 * still runs waits for its answer (bounded by IN_PROGRESS_WAIT_MS) and replays it; past the bound, 409.
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

  /**
   * Claims the key to run the handler, or answers the stored answer to replay. While another request holds
   * the key, looks again after a pause (10 ms doubling to 100 ms) until it has answered, released the key
   * (then claims it) or let its lease run out (then takes it over); past the wait bound, 409.
   */
  private async claim(memberId: bigint, key: string, hash: string): Promise<Claim> {
    const waitUntil = performance.now() + (this.deps.inProgressWaitMs ?? IN_PROGRESS_WAIT_MS);
    for (let look = 1, pauseMs = WAIT_PAUSE_FIRST_MS; ; look++, pauseMs = Math.min(2 * pauseMs, WAIT_PAUSE_MAX_MS)) {
      const claim = await this.tryClaim(memberId, key, hash, look > 1);
      if (claim) return claim;
      if (performance.now() + pauseMs > waitUntil) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
      await sleep(pauseMs);
    }
  }

  /**
   * One attempt: undefined while another request holds the key. The first look inserts first (the common
   * case is a new key); later looks read first, so waiting does not spend an id on every look.
   */
  private async tryClaim(memberId: bigint, key: string, hash: string, readFirst: boolean): Promise<Claim | undefined> {
    const { repository, clock } = this.deps;
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
    let row = readFirst ? await repository.find(memberId, key) : undefined;
    if (!row) {
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
      row = await repository.find(memberId, key);
      // Released by a failed first request between the two statements: the next look claims it.
      if (!row) return undefined;
    }
    const expired = row.expires_at.getTime() <= now.getTime();
    if (!expired && row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (!expired && row.status === 'completed') return { run: false, row };
    const stale = row.updated_at.getTime() + IN_PROGRESS_LEASE_MS <= now.getTime();
    if (!expired && !stale) return undefined;
    const taken = await repository.takeOver(row, hash, now, expiresAt);
    // Undefined: another request took it over (or completed it) since it was read; the next look sees which.
    return taken ? { run: true, id: taken.id } : undefined;
  }

  private async runAndStore<T>(id: bigint, handler: () => Promise<T>): Promise<T> {
    const { repository, clock } = this.deps;
    // A failed renewal is not the request's failure: the next one tries again, and the lease allows two misses.
    const renewals = setInterval(
      () => void repository.renew(id, clock.now()).catch(() => undefined),
      this.deps.leaseRenewMs ?? IN_PROGRESS_RENEW_MS,
    );
    let answer: T;
    try {
      answer = await handler().finally(() => clearInterval(renewals));
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
  throw new AnsweredError(body.message, row.response_status ?? 500, body.fields);
}
