import { SANDBOX_GAME_FAULT_OPERATIONS } from '@member-wallet/contract/backoffice/sandbox';
import { z } from 'zod/mini';

/** The calls a fault may hit (the contract's list, which the back-office's sandbox controls show). */
export type FaultOperation = (typeof SANDBOX_GAME_FAULT_OPERATIONS)[number];

const rate = z.number().check(z.minimum(0), z.maximum(1));

/** `PUT /sandbox/games/faults` (and `/sandbox/games/{code}/faults`): what goes wrong, how often. */
export const faultsRequest = z.object({
  provider: z.optional(z.string().check(z.maxLength(32))),
  latencyMs: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(30_000))),
  /** A definitive refusal: recorded as failed, answered 422. */
  errorRate: z.optional(rate),
  /** No answer: the call is not applied (or applied `lateApplyMs` later), and the sandbox hangs up. */
  timeoutRate: z.optional(rate),
  /** Applied, then no answer. */
  appliedThenTimeoutRate: z.optional(rate),
  /** DESIGN.md's name for appliedThenTimeoutRate. */
  appliedTimeoutRate: z.optional(rate),
  /** With a time-out: the transaction is received and applied this long after (sandbox clock). 0: never. */
  lateApplyMs: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(86_400_000))),
  operations: z.optional(z.array(z.enum(SANDBOX_GAME_FAULT_OPERATIONS))),
  /** Makes the rates' dice deterministic (a seeded generator); without it, Math.random. */
  seed: z.optional(z.number().check(z.int())),
});
export type FaultsRequest = z.infer<typeof faultsRequest>;

export interface Faults {
  latencyMs: number;
  errorRate: number;
  timeoutRate: number;
  appliedThenTimeoutRate: number;
  lateApplyMs: number;
  operations: readonly FaultOperation[];
}

/** No fault; once faults are set, by default only the money calls suffer them, so status queries stay reliable. */
export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  timeoutRate: 0,
  appliedThenTimeoutRate: 0,
  lateApplyMs: 0,
  operations: ['deposit', 'withdraw'],
};

export type FaultOutcome = 'ok' | 'error' | 'timeout' | 'applied_then_timeout';

/** mulberry32: a tiny seeded generator, so a test's sequence of faults is the same in every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fault settings per provider code (`*` for all), in the sandbox's memory: they are test knobs, not state. */
export class FaultBoard {
  readonly #faults = new Map<string, Faults>();
  #random: () => number = Math.random;

  constructor(initial: Partial<Faults> = {}) {
    this.#faults.set('*', { ...NO_FAULTS, ...initial });
  }

  set(request: FaultsRequest): Faults {
    const key = request.provider ?? '*';
    const faults: Faults = {
      latencyMs: request.latencyMs ?? 0,
      errorRate: request.errorRate ?? 0,
      timeoutRate: request.timeoutRate ?? 0,
      appliedThenTimeoutRate: request.appliedThenTimeoutRate ?? request.appliedTimeoutRate ?? 0,
      lateApplyMs: request.lateApplyMs ?? 0,
      operations: request.operations ?? NO_FAULTS.operations,
    };
    // Setting the global faults resets every provider's own, so a test starts from a known board.
    if (key === '*') this.#faults.clear();
    this.#faults.set(key, faults);
    if (request.seed !== undefined) this.#random = seeded(request.seed);
    return faults;
  }

  for(provider: string): Faults {
    return this.#faults.get(provider) ?? this.#faults.get('*') ?? NO_FAULTS;
  }

  /** Rolls the dice for one call. */
  roll(provider: string, operation: FaultOperation): FaultOutcome {
    const faults = this.for(provider);
    if (!faults.operations.includes(operation)) return 'ok';
    const dice = this.#random();
    if (dice < faults.errorRate) return 'error';
    if (dice < faults.errorRate + faults.timeoutRate) return 'timeout';
    if (dice < faults.errorRate + faults.timeoutRate + faults.appliedThenTimeoutRate) return 'applied_then_timeout';
    return 'ok';
  }
}
