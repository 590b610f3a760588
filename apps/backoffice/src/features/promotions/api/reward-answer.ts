import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import type { Schema } from '../../../lib/http.ts';

/**
 * A reward's save (docs/backoffice/four-eyes.md, Reward terms): applied at once, the server answers 200 with the
 * resource; waiting for a second admin, 202 with the change and the resource as it still is. Either way the screen
 * gets both, `change` null when nothing waits.
 */
export interface RewardAnswer<T> {
  value: T;
  change: PendingChange | null;
}

/** Reads either answer: the 202's shape has `change` and the resource under `key`. */
export function rewardAnswer<T, Key extends string>(
  resource: Schema<T>,
  waiting: Schema<{ change: PendingChange } & Record<Key, T>>,
  key: Key,
): Schema<RewardAnswer<T>> {
  return {
    parse(data) {
      if (data !== null && typeof data === 'object' && 'change' in data) {
        const answer = waiting.parse(data);
        return { value: answer[key], change: answer.change };
      }
      return { value: resource.parse(data), change: null };
    },
  };
}
