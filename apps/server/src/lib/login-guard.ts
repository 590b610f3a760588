import type { Clock } from './clock.ts';
import { MINUTE_MS } from './clock.ts';
import { AppError } from './errors.ts';
import { type BackoffPolicy, type Limit, type RateLimiter, returnHits, takeHitsUnlessRefused } from './rate-limiter.ts';

/** The limits of one kind of sign-in (members' or operators'), each in its own key space. */
export interface LoginGuardPolicy {
  /** Key prefix: `login` for members, `oplogin` for operators. */
  space: string;
  /** Failures of one login from one address, or from one known device. */
  pair: BackoffPolicy;
  /** Failures of one login from every unknown device together: slower, so a known device is never held by it. */
  login: BackoffPolicy;
  /** Failures from one address across logins (password spraying); known devices are spared. */
  address: (ip: string) => Limit[];
}

export interface LoginAttemptInput {
  login: string;
  ip: string;
  /** The nonce of a genuine device cookie of this login (see device-cookie.ts), or null. */
  device: string | null;
}

/** An attempt let through: counted as a failure until `succeeded` says the credentials were right. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * Throttles sign-in (docs/decisions/0015). Every attempt is counted as a failure before the password work, so
 * parallel guesses cannot all pass; a success forgets its device's or address's failures and gives back its
 * count elsewhere; a refused attempt (429) counts nowhere and extends nothing. Time is the injected clock's,
 * in memory as in Redis.
 */
export class LoginGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly policy: LoginGuardPolicy,
  ) {}

  async begin(input: LoginAttemptInput): Promise<LoginAttempt> {
    const { limiter, policy } = this;
    const { space } = policy;
    const address = input.device === null ? policy.address(input.ip) : [];
    await takeHitsUnlessRefused(limiter, address);

    const pairKey =
      input.device === null
        ? `${space}:pair:${input.login}:${input.ip}`
        : `${space}:device:${input.login}:${input.device}`;
    const backoffs: [string, BackoffPolicy][] = [[pairKey, policy.pair]];
    if (input.device === null) backoffs.push([`${space}:login:${input.login}`, policy.login]);

    const nowMs = this.clock.now().getTime();
    const taken: { key: string; previousMs: number }[] = [];
    for (const [key, backoff] of backoffs) {
      const take = await limiter.takeBackoff(key, backoff, nowMs);
      if (take.allowed) {
        taken.push({ key, previousMs: take.previousMs });
        continue;
      }
      await Promise.all(taken.map((each) => limiter.giveBackBackoff(each.key, nowMs, each.previousMs)));
      await returnHits(limiter, address);
      throw new AppError(take.waitMs <= MINUTE_MS ? 'REQUEST_LIMIT_1MIN' : 'REQUEST_LIMIT');
    }

    return {
      succeeded: async () => {
        const [pair, ...others] = taken;
        await Promise.all([
          pair ? limiter.clearBackoff(pair.key) : undefined,
          ...others.map((each) => limiter.giveBackBackoff(each.key, nowMs, each.previousMs)),
          returnHits(limiter, address),
        ]);
      },
    };
  }
}
