/**
 * The adapters through which this server reaches a party's sandbox (docs/parties/README.md, The sandbox label; not
 * the sandbox's own party instances, `app.sandboxParties`). Each adapter chosen as a sandbox party is marked here
 * while the app is built (adapters/choose-adapter.ts, the QR gateways); parties chosen row by row later (the game
 * providers) answer through a probe. An answer a sandbox party made carries `sandbox: true`, and the apps show
 * their SANDBOX mark while `active()`: SANDBOX on and any party the sandbox's.
 */
export class SandboxAdapters {
  readonly #marked = new WeakSet<object>();
  #count = 0;
  readonly #probes: (() => Promise<boolean>)[] = [];

  /** `enabled`: SANDBOX is on. Off, nothing is ever active, whatever was marked. */
  constructor(private readonly enabled: boolean) {}

  /** Records the adapter as a sandbox party's and answers it, so a choice reads `return parties.mark(create())`. */
  mark<Port extends object>(port: Port): Port {
    if (!this.#marked.has(port)) {
      this.#marked.add(port);
      this.#count += 1;
    }
    return port;
  }

  /** Whether the adapter was marked: its answers are the sandbox's. */
  isSandbox(port: object): boolean {
    return this.#marked.has(port);
  }

  /** A party known only when asked (a game provider's catalogue row names its adapter): true while it is the sandbox. */
  probe(check: () => Promise<boolean>): void {
    this.#probes.push(check);
  }

  async active(): Promise<boolean> {
    if (!this.enabled) return false;
    if (this.#count > 0) return true;
    for (const check of this.#probes) if (await check()) return true;
    return false;
  }
}

/** Spread into an answer: `sandbox: true` for a sandbox party's, nothing for a real party's (never `false`). */
export function sandboxLabel(sandbox: boolean): { sandbox?: true } {
  return sandbox ? { sandbox: true } : {};
}
