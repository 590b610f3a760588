import type { WalletEvent } from '@member-wallet/contract/live';

/** Hears every member event published on this node: the live sockets, and later any other channel. */
export type MemberEventListener = (memberId: bigint, event: WalletEvent) => void;

/**
 * The one place a member's money news is announced (docs/live.md): the ledger publishes each committed entry of
 * a member, modules a change of a request of theirs. It knows no module; listeners (the live sockets, which
 * carry it to every node through the Redis adapter) subscribe. A listener's failure is logged, never the
 * publisher's: the money has moved whatever happens to the news.
 */
export class MemberEvents {
  readonly #listeners = new Set<MemberEventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Adds a listener; answers the function that removes it. */
  subscribe(listener: MemberEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(memberId: bigint, event: WalletEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(memberId, event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
