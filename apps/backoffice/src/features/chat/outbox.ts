import type { ChatConversation, OperatorMessage } from '@member-wallet/contract/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorText } from '../../lib/http.ts';
import { sendOperatorMessage } from './api/send-message.ts';
import { addMessage } from './conversation-cache.ts';

/** A message being sent, or one whose send failed and waits for a retry. */
export interface OutboxEntry {
  clientMessageId: string;
  message: OperatorMessage;
  failed: boolean;
  error: string | null;
}

/** A fresh id for a send (CLIENT_MESSAGE_ID: a UUID's hex digits); a retry reuses it, so it is stored once. */
export function newClientMessageId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * The operator's sends of one conversation: each shows as sending until the server stored it, then as a
 * message of the conversation; a failed one stays with its error and can be sent again with the same
 * clientMessageId. An entry whose message arrived meanwhile (live) is not shown twice.
 */
export function useOutbox(conversationId: string, operator: string, messages: readonly ChatConversation[]) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);

  const deliver = useCallback(
    async (entry: OutboxEntry) => {
      const update = (change: Partial<OutboxEntry>) =>
        setEntries((held) =>
          held.map((each) => (each.clientMessageId === entry.clientMessageId ? { ...each, ...change } : each)),
        );
      update({ failed: false, error: null });
      try {
        const stored = await sendOperatorMessage(conversationId, entry.message, entry.clientMessageId, operator);
        addMessage(queryClient, conversationId, stored);
        setEntries((held) => held.filter((each) => each.clientMessageId !== entry.clientMessageId));
      } catch (error) {
        update({ failed: true, error: errorText(error) });
      }
    },
    [conversationId, operator, queryClient],
  );

  const send = useCallback(
    (message: OperatorMessage) => {
      const entry: OutboxEntry = { clientMessageId: newClientMessageId(), message, failed: false, error: null };
      setEntries((held) => [...held, entry]);
      void deliver(entry);
    },
    [deliver],
  );

  const delivered = new Set(messages.map((each) => each.clientMessageId).filter(Boolean));
  return {
    entries: entries.filter((entry) => !delivered.has(entry.clientMessageId)),
    send,
    retry: (entry: OutboxEntry) => void deliver(entry),
  };
}
