import { LIVE_EVENTS, LIVE_NAMESPACE, LIVE_SOCKET_PATH, walletEvent } from '@member-wallet/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { z } from 'zod/mini';
import { i18n } from '../../i18n/i18n.ts';
import { isOwnRequest } from '../../lib/own-requests.ts';
import { getToken } from '../../lib/session.ts';
import { dismissToast, showToast } from '../../lib/toast-store.ts';
import { liveToast } from './live-toast.ts';

/** How long a live toast stays: long enough to read a sentence with two amounts. */
const LIVE_TOAST_MS = 8_000;

/**
 * What a member's money change can alter on screen, by the query keys of the features that show it: the wallet
 * (home), the withdrawals in progress (home), the statement and the slips (statement).
 */
const MONEY_QUERY_KEYS = [
  ['member', 'wallet'],
  ['member', 'withdrawals'],
  ['member', 'statement'],
  ['member', 'slips'],
] as const;

function refetchMoney(client: QueryClient): void {
  for (const queryKey of MONEY_QUERY_KEYS) void client.invalidateQueries({ queryKey });
}

/**
 * Live money (docs/live.md): one socket to the server's live namespace for the member's session. Each `wallet`
 * event refetches what shows money and says what happened in a toast; a reconnection the server could not
 * recover refetches all of it, so an event missed while offline loses nothing. Answers the function that stops it.
 */
export function startLiveEvents(client: QueryClient): () => void {
  const token = getToken();
  if (token === null) return () => undefined;
  const socket = io(LIVE_NAMESPACE, { path: LIVE_SOCKET_PATH, auth: { token } });
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore && !socket.recovered) refetchMoney(client);
    connectedBefore = true;
  });
  // A request's toast by its statement row: its result replaces the "waiting" toast instead of stacking on it
  // (a transfer asked on another device often settles within the second).
  const requestToasts = new Map<string, number>();
  socket.on(LIVE_EVENTS.wallet, (raw: unknown) => {
    const event = z.safeParse(walletEvent, raw);
    if (!event.success) return;
    refetchMoney(client);
    const toast = liveToast(i18n.t, i18n.language, event.data, isOwnRequest(event.data.type));
    if (!toast) return;
    const request = `${event.data.type}:${event.data.reference}`;
    const earlier = requestToasts.get(request);
    if (earlier !== undefined) dismissToast(earlier);
    requestToasts.delete(request);
    const id = showToast(toast.tone, toast.text, LIVE_TOAST_MS);
    if (event.data.status === 'IN_PROGRESS') requestToasts.set(request, id);
  });
  return () => {
    socket.off();
    socket.disconnect();
  };
}
