declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this node is draining for its exit, and what stops when it does (lib/shutdown.ts). */
    lifecycle: Lifecycle;
  }
}

/**
 * A node's drain before it exits (docs/operations.md, Roll-outs): from `drain()` on, readiness answers 503 and
 * whatever registered with `onDrain` (the periodic jobs) takes no new work, while requests under way go on.
 */
export class Lifecycle {
  #draining = false;
  readonly #listeners: (() => void)[] = [];

  get draining(): boolean {
    return this.#draining;
  }

  /** `listener` runs once, when the node starts draining (at once if it already is). */
  onDrain(listener: () => void): void {
    if (this.#draining) listener();
    else this.#listeners.push(listener);
  }

  /** Starts the drain; a second call does nothing. */
  async drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of this.#listeners.splice(0)) listener();
  }
}
