import { API } from '@member-wallet/contract/api-paths';
import { CHAT_RATE } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box, FILES, gifFile, newGuest, sendMessage, textMessage, upload } from '../../../test/chat.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { blankPng, bombPng, pngToJpeg, uploadSlip } from '../../../test/slips.ts';
import { parseRange, sniffChatFile } from './chat.files.ts';
import { CHAT_UNSENT_UPLOAD_TTL_MS } from './chat.service.ts';

/** Chat uploads (docs/chat.md, Uploads): checked by content and size, stored by random name, served in ranges. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('content checks', () => {
  it('knows PNG, JPEG and GIF pictures, MP4 and QuickTime videos by their first bytes', () => {
    expect(sniffChatFile(FILES.png, 'image')?.contentType).toBe('image/png');
    expect(sniffChatFile(FILES.jpeg, 'image')?.contentType).toBe('image/jpeg');
    expect(sniffChatFile(FILES.gif, 'image')?.contentType).toBe('image/gif');
    expect(sniffChatFile(FILES.mp4, 'video')?.contentType).toBe('video/mp4');
    expect(sniffChatFile(FILES.mov, 'video')?.contentType).toBe('video/quicktime');
    const oldQuickTime = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('wide', 'latin1'), Buffer.alloc(16)]);
    expect(sniffChatFile(oldQuickTime, 'video')?.extension).toBe('mov');
  });

  it('refuses other content, pictures as videos and videos as pictures', () => {
    const audio = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A ', 'latin1'), Buffer.alloc(16)]);
    for (const [bytes, kind] of [
      [FILES.exe, 'image'],
      [FILES.exe, 'video'],
      [FILES.png, 'video'],
      [FILES.mp4, 'image'],
      [audio, 'video'],
      [Buffer.from('GIF8'), 'image'],
    ] as const) {
      expect(sniffChatFile(bytes, kind)).toBeNull();
    }
  });

  it('reads byte ranges', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    for (const header of ['bytes=100-', 'bytes=9-1', 'bytes=-', 'items=0-1', 'bytes=0-1,5-6']) {
      expect(parseRange(header, 100), header).toBeNull();
    }
  });
});

describe('uploads', () => {
  it('stores each accepted kind and serves it back as its type, inline, never sniffed', async () => {
    const guest = await newGuest(t);
    for (const [url, bytes, type, filename] of [
      [API.chatUploadImage, FILES.png, 'image/png', 'a.png'],
      [API.chatUploadImage, FILES.jpeg, 'image/jpeg', 'a.jpg'],
      [API.chatUploadImage, FILES.gif, 'image/gif', 'a.gif'],
      [API.chatUploadVideo, FILES.mp4, 'video/mp4', 'a.mp4'],
      [API.chatUploadVideo, FILES.mov, 'video/quicktime', 'a.mov'],
    ] as const) {
      const answer = await upload(t, url, guest.headers, [
        { bytes, filename, contentType: 'application/octet-stream' },
      ]);
      expect(answer.statusCode, answer.body).toBe(200);
      const path: string = answer.json().path;
      expect(path).toMatch(/^\/files\/chat\/[0-9a-f]{32}\.(png|jpg|gif|mp4|mov)$/);
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'accept-ranges': 'bytes',
      });
      expect(served.headers['cache-control']).toContain('max-age=31536000');
    }
  });

  it('serves byte ranges for video seeking', async () => {
    const member = await registerAndLogin(t);
    const path: string = (await upload(t, API.chatUploadVideo, bearer(member.token), [{ bytes: FILES.mp4 }])).json()
      .path;
    const part = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${FILES.mp4.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const head = await t.app.inject({ method: 'HEAD', url: path });
    expect([head.statusCode, head.headers['content-length'], head.headers['content-type']]).toEqual([
      200,
      String(FILES.mp4.length),
      'video/mp4',
    ]);
    const outside = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=99999-' } });
    expect([outside.statusCode, outside.headers['content-range']]).toEqual([416, `bytes */${FILES.mp4.length}`]);
    const missing = await t.app.inject({ method: 'GET', url: '/files/chat/00000000000000000000000000000000.mp4' });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/files/chat/..%2Fsecret' })).statusCode).toBe(404);
  });

  it('refuses a renamed executable, a picture sent as a video and a missing file', async () => {
    const guest = await newGuest(t);
    const exe = await upload(t, API.chatUploadImage, guest.headers, [{ bytes: FILES.exe, filename: 'cat.png' }]);
    expect([exe.statusCode, exe.json().message]).toEqual([400, 'CHAT_FILE_NOT_SUPPORTED']);
    const picture = await upload(t, API.chatUploadVideo, guest.headers, [{ bytes: FILES.png, filename: 'a.mp4' }]);
    expect([picture.statusCode, picture.json().message]).toEqual([400, 'CHAT_FILE_NOT_SUPPORTED']);
    const none = await upload(t, API.chatUploadImage, guest.headers, []);
    expect([none.statusCode, none.json().message]).toEqual([400, 'KEY_MISSING']);
    const json = await t.api({ method: 'POST', url: API.chatUploadImage, headers: guest.headers, payload: {} });
    expect([json.statusCode, json.json().message]).toEqual([400, 'KEY_MISSING']);
  });

  it('refuses pictures over the pixels from their header, before decoding them, with 413', async () => {
    const guest = await newGuest(t);
    const jpegBomb = Buffer.from([
      ...[0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0xc3, 0x50, 0xc3, 0x50, 0x03],
      ...[0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9],
    ]);
    // 50000 x 50000 in a 74-byte PNG, a 23-byte JPEG and a GIF's header; two frames of 3000 x 3000 of a GIF.
    const gifBomb = gifFile(6, 4);
    gifBomb.writeUInt16LE(50_000, 6);
    gifBomb.writeUInt16LE(50_000, 8);
    const frames = gifFile(3000, 3000, 2, Buffer.from([0x0c]));
    for (const bytes of [bombPng(), jpegBomb, gifBomb, frames]) {
      const answer = await upload(t, API.chatUploadImage, guest.headers, [{ bytes }]);
      expect([answer.statusCode, answer.json()]).toEqual([413, { message: 'CHAT_FILE_TOO_LARGE' }]);
    }
    expect(bombPng().length).toBeLessThan(100);
  });

  it('refuses truncated and undecodable pictures', async () => {
    const guest = await newGuest(t);
    const png = blankPng(40, 30);
    const jpeg = pngToJpeg(blankPng(40, 30));
    const gif = gifFile(40, 30);
    const corruptPng = Buffer.from(png);
    corruptPng.fill(7, 40, 60);
    const corruptGif = Buffer.from(gif);
    corruptGif.fill(0xff, 40, 60);
    for (const bytes of [
      png.subarray(0, png.length - 20),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      gif.subarray(0, gif.length - 10),
      corruptPng,
      corruptGif,
    ]) {
      const answer = await upload(t, API.chatUploadImage, guest.headers, [{ bytes }]);
      expect([answer.statusCode, answer.json().message]).toEqual([400, 'CHAT_FILE_NOT_SUPPORTED']);
    }
  });

  it('stores only the picture: a page appended after its end is cut', async () => {
    const guest = await newGuest(t);
    const page = Buffer.from('<html><body><script>fetch("/api/wallet")</script></body></html>');
    for (const picture of [FILES.png, FILES.jpeg, FILES.gif]) {
      const answer = await upload(t, API.chatUploadImage, guest.headers, [{ bytes: Buffer.concat([picture, page]) }]);
      expect(answer.statusCode, answer.body).toBe(200);
      const served = await t.app.inject({ method: 'GET', url: answer.json().path });
      expect(served.rawPayload.equals(picture)).toBe(true);
    }
  });

  it('refuses videos whose structure does not hold: garbage, truncated, appended to, or without a movie', async () => {
    const guest = await newGuest(t);
    const video = FILES.mp4;
    const noMovie = Buffer.concat([
      box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1')),
      box('mdat', Buffer.alloc(64)),
    ]);
    for (const bytes of [
      Buffer.concat([video.subarray(0, 32), Buffer.alloc(300, 0x41)]),
      video.subarray(0, video.length - 10),
      Buffer.concat([video, Buffer.from('<html></html>')]),
      noMovie,
    ]) {
      const answer = await upload(t, API.chatUploadVideo, guest.headers, [{ bytes, filename: 'a.mp4' }]);
      expect([answer.statusCode, answer.json().message]).toEqual([400, 'CHAT_FILE_NOT_SUPPORTED']);
    }
    // An old QuickTime movie, without `ftyp`: its atoms are walked the same.
    const oldMovie = Buffer.concat([box('wide'), box('mdat', Buffer.alloc(32)), box('moov', box('mvhd'), box('trak'))]);
    const answer = await upload(t, API.chatUploadVideo, guest.headers, [{ bytes: oldMovie }]);
    expect([answer.statusCode, answer.json().path]).toEqual([200, expect.stringMatching(/\.mov$/)]);
  });

  it("bounds a member's uploads in flight, chat and slips together, before reading the body", async () => {
    const member = await registerAndLogin(t);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { id } = await t.app.db
      .selectFrom('members')
      .select('id')
      .where('public_id', '=', member.publicId)
      .executeTakeFirstOrThrow();
    const key = `member:${id}`;
    // Whatever the time of day: slips are not refused for their closed window here.
    await t.app.slipWindow.set({ closeFrom: '00:00', closeTo: '00:00' });
    const holding = [t.app.uploadsInFlight.run(key, () => held), t.app.uploadsInFlight.run(key, () => held)];
    try {
      const chat = await upload(t, API.chatUploadImage, bearer(member.token), [{ bytes: FILES.png }]);
      expect([chat.statusCode, chat.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
      const slip = await uploadSlip(t, member.token, [{ bytes: FILES.png }]);
      expect([slip.statusCode, slip.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
      // Another member is not held back.
      const other = await registerAndLogin(t);
      expect((await upload(t, API.chatUploadImage, bearer(other.token), [{ bytes: FILES.png }])).statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(holding);
    }
    expect((await upload(t, API.chatUploadImage, bearer(member.token), [{ bytes: FILES.png }])).statusCode).toBe(200);
    expect(t.app.uploadsInFlight.count(key)).toBe(0);
  });

  it('refuses files over the size with 413', async () => {
    const guest = await newGuest(t);
    const video = Buffer.concat([FILES.mp4, Buffer.alloc(CHAT_LIMITS.videoMaxBytes + 1 - FILES.mp4.length)]);
    const big = await upload(t, API.chatUploadVideo, guest.headers, [{ bytes: video, filename: 'big.mp4' }]);
    expect([big.statusCode, big.json()]).toEqual([413, { message: 'CHAT_FILE_TOO_LARGE' }]);
    const picture = Buffer.concat([FILES.png, Buffer.alloc(CHAT_LIMITS.imageMaxBytes + 1 - FILES.png.length)]);
    const bigPicture = await upload(t, API.chatUploadImage, guest.headers, [{ bytes: picture }]);
    expect(bigPicture.statusCode).toBe(413);
    const atLimit = Buffer.concat([FILES.png, Buffer.alloc(CHAT_LIMITS.imageMaxBytes - FILES.png.length)]);
    expect((await upload(t, API.chatUploadImage, guest.headers, [{ bytes: atLimit }])).statusCode).toBe(200);
  });

  it('refuses uploads of callers without an identity, and limits uploads per sender', async () => {
    const anonymous = await upload(t, API.chatUploadImage, {}, [{ bytes: FILES.png }]);
    expect([anonymous.statusCode, anonymous.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    const guest = await newGuest(t);
    for (let index = 0; index < CHAT_RATE.uploadsPerMinute; index++) {
      expect((await upload(t, API.chatUploadImage, guest.headers, [{ bytes: FILES.gif }])).statusCode).toBe(200);
    }
    const over = await upload(t, API.chatUploadImage, guest.headers, [{ bytes: FILES.gif }]);
    expect([over.statusCode, over.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
  });
});

// Last in the file: it moves the clock on a day.
describe('uploads never sent', () => {
  it('are removed a day after their upload, while sent and newer ones stay', async () => {
    const guest = await newGuest(t);
    const pathOf = async (bytes: Buffer) =>
      (await upload(t, API.chatUploadImage, guest.headers, [{ bytes }])).json().path as string;
    const media = (filePath: string) => ({
      ...textMessage(''),
      message: { message_type: 'media', payload: { url: false, fileType: 'image', filePath } },
    });
    const [sent, unsent] = [await pathOf(FILES.png), await pathOf(FILES.gif)];
    expect((await sendMessage(t, guest.headers, media(sent))).statusCode).toBe(200);
    t.clock.advance(CHAT_UNSENT_UPLOAD_TTL_MS - 60_000);
    const recent = await pathOf(FILES.jpeg);
    t.clock.advance(120_000);

    expect(await t.app.chat.sweepUnsentUploads()).toBeGreaterThanOrEqual(1);
    const status = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).statusCode;
    expect([await status(sent), await status(unsent), await status(recent)]).toEqual([200, 404, 200]);
    const late = await sendMessage(t, guest.headers, media(unsent));
    expect([late.statusCode, late.json()]).toEqual([
      400,
      { message: 'KEY_INVALID', fields: { 'message.payload.filePath': 'KEY_INVALID' } },
    ]);
    expect((await sendMessage(t, guest.headers, media(sent))).statusCode).toBe(200);
    expect(await t.app.chat.sweepUnsentUploads()).toBe(0);
  });
});
