export interface BatcherOptions<I, O> {
  /** Runs under way at once at most. */
  inFlight: number;
  /** Calls one run takes at most. */
  max: number;
  /** Does the calls' work, answering one outcome per call, in the calls' order. */
  run(items: readonly I[]): Promise<PromiseSettledResult<O>[]>;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(reason: unknown): void;
}

/**
 * Groups calls that arrive while earlier ones are under way, so that many share one run (TigerBeetle's batching;
 * docs/wallet.md, Transfers together). A call that finds a free slot runs at once, alone; calls that arrive while
 * every slot is busy wait for the next free one and go together, in arrival order, up to `max` a run. No call
 * ever waits for a timer: on a quiet server each call runs alone, and the grouping grows with the load.
 */
export class Batcher<I, O> {
  readonly #waiting: Waiting<I, O>[] = [];
  #running = 0;

  constructor(private readonly options: BatcherOptions<I, O>) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      this.#start();
    });
  }

  #start(): void {
    while (this.#running < this.options.inFlight && this.#waiting.length > 0) {
      this.#running += 1;
      void this.#run(this.#waiting.splice(0, this.options.max));
    }
  }

  async #run(calls: Waiting<I, O>[]): Promise<void> {
    try {
      const outcomes = await this.options.run(calls.map((call) => call.item));
      calls.forEach((call, index) => {
        const outcome = outcomes[index];
        if (outcome?.status === 'fulfilled') call.resolve(outcome.value);
        else call.reject(outcome ? outcome.reason : new Error('a batched run answered fewer outcomes than calls'));
      });
    } catch (error) {
      for (const call of calls) call.reject(error);
    } finally {
      this.#running -= 1;
      this.#start();
    }
  }
}
