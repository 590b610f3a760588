import { randomUUID } from 'node:crypto';
import { API } from '@member-wallet/contract/api-paths';
import {
  CHAT_BACKOFFICE_NAMESPACE,
  CHAT_EVENTS,
  CHAT_GUEST_HEADER,
  type ChatJoinAck,
} from '@member-wallet/contract/chat';
import { io, type Socket } from 'socket.io-client';
import { ownBaseUrl } from '../src/app.ts';
import { bearer, nextAddress, type TestApp } from './helpers.ts';
import { type FilePart, multipartBody } from './slips.ts';

/** Test helpers of the chat: guests, messages, uploads and socket clients as the widget and back-office make them. */

/** A new guest: its browser-made id and the signed token the server bound to it. */
export async function newGuest(t: TestApp) {
  const guestId = randomUUID();
  const answer = await t.api({
    method: 'POST',
    url: API.chatGuest,
    payload: { guestId },
    remoteAddress: nextAddress(),
  });
  if (answer.statusCode !== 200) throw new Error(`guest bind failed: ${answer.body}`);
  const guestToken: string = answer.json().guestToken;
  return { guestId, guestToken, headers: { [CHAT_GUEST_HEADER]: guestToken } };
}

export function memberHeaders(token: string) {
  return bearer(token);
}

let messageCounter = 0;
/** A fresh client message id. */
export function clientId(): string {
  messageCounter += 1;
  return `msg-${Date.now()}-${messageCounter}`;
}

export function textMessage(text: string, clientMessageId = clientId()) {
  return { sender: 'customer', message: { message_type: 'text', payload: { message: text } }, clientMessageId };
}

export function sendMessage(t: TestApp, headers: Record<string, string>, payload: object) {
  return t.api({ method: 'POST', url: API.chatSendMessage, headers, payload });
}

export function history(t: TestApp, headers: Record<string, string>, body: object = {}) {
  return t.api({ method: 'POST', url: API.chatHistory, headers, payload: { limit: 10, skip: 0, ...body } });
}

export function upload(t: TestApp, url: string, headers: Record<string, string>, files: FilePart[]) {
  const body = multipartBody(files);
  return t.api({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The smallest files of each kind the chat checks by content (the first bytes are what matters). */
export const FILES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]),
  gif: Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(64, 3)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(256, 4)]),
  mov: Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ', 'latin1'), Buffer.alloc(256, 5)]),
  /** A Windows executable ("MZ" header), as sent renamed to .png. */
  exe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(128, 0x90)]),
};

/** A socket client of `t`'s server (the default namespace, or the back-office's), connected or rejected. */
export function connectSocket(t: TestApp, auth: Record<string, string>, namespace = ''): Promise<Socket> {
  const socket = io(`${ownBaseUrl(t.app)}${namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function connectOperator(t: TestApp, token: string): Promise<Socket> {
  return connectSocket(t, { token }, CHAT_BACKOFFICE_NAMESPACE);
}

export function join(socket: Socket, room: string): Promise<ChatJoinAck> {
  return socket.timeout(5_000).emitWithAck(CHAT_EVENTS.join, room);
}

/** The next `event` the socket receives (rejects after `ms`). */
export function nextEvent<T>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
