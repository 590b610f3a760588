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
import { blankPng, type FilePart, multipartBody, pngToJpeg } from './slips.ts';

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
/** An ISO BMFF box: its 32-bit size, its type and its body. */
export function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + content.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), content]);
}

/** A small video's structure: `ftyp` of the brand, a `moov` with its `mvhd` and one `trak`, and the `mdat`. */
export function videoFile(brand = 'isom'): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.from(`${brand}\0\0\0\0${brand}mp41`, 'latin1')),
    box('moov', box('mvhd', Buffer.alloc(100)), box('trak', box('tkhd', Buffer.alloc(84)))),
    box('mdat', Buffer.alloc(200, 7)),
  ]);
}

/**
 * A GIF of `frames` frames of `width` x `height`, two colours, each frame's LZW data a clear code before every
 * pixel (so every code stays 3 bits wide): valid for any decoder, made without an encoder. `data` replaces
 * the frames' LZW data (a header claiming what its data does not hold).
 */
export function gifFile(width: number, height: number, frames = 1, data?: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from('GIF89a', 'latin1')];
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of 2 colours
  parts.push(screen, Buffer.from([0, 0, 0, 255, 255, 255]));
  for (let frame = 0; frame < frames; frame++) {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(width, 5);
    descriptor.writeUInt16LE(height, 7);
    parts.push(descriptor, Buffer.from([2]), subBlocks(data ?? lzwOf(width * height)));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** Codes of 3 bits: clear (4) and a pixel (0 or 1) for every pixel, then end (5), packed least significant first. */
function lzwOf(pixels: number): Buffer {
  const codes: number[] = [];
  for (let pixel = 0; pixel < pixels; pixel++) codes.push(4, pixel % 2);
  codes.push(5);
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(buffer);
  return Buffer.from(bytes);
}

function subBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += 255) {
    const part = data.subarray(offset, offset + 255);
    parts.push(Buffer.from([part.length]), part);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

/** Whole, small files of every kind the chat takes, and one it does not. */
export const FILES = {
  png: blankPng(12, 8),
  jpeg: pngToJpeg(blankPng(16, 16)),
  gif: gifFile(6, 4, 2),
  mp4: videoFile('isom'),
  mov: videoFile('qt  '),
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
