import type { WalletEvent } from '@member-wallet/contract/live';

/** How money came into a member's wallet (docs/operations.md, Metrics): the deposit channels and an operator. */
export type DepositChannel = 'qr' | 'slip' | 'bank_transfer' | 'truemoney' | 'operator' | 'other';

/** What the server knows of an event beyond what the member is told: never sent to any client. */
export interface MemberEventDetail {
  /** For money credited into the wallet by a deposit or an operator: by which way; else null. */
  depositChannel: DepositChannel | null;
}

/** Hears every member event published on this node: the live sockets, push, the metrics. */
export type MemberEventListener = (memberId: bigint, event: WalletEvent, detail: MemberEventDetail) => void;

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

  publish(memberId: bigint, event: WalletEvent, detail: MemberEventDetail = { depositChannel: null }): void {
    for (const listener of this.#listeners) {
      try {
        listener(memberId, event, detail);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
