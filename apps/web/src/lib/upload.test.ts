import { TIMEOUT_MS } from '@member-wallet/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from './session.ts';
import { uploadFile } from './upload.ts';

/** A stand-in for XMLHttpRequest that records what was sent and lets the test play the browser's part. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

function current(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
}

describe('uploadFile', () => {
  it('posts the file in the named field with the API headers and the 300 s time-out', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storeToken('tok-9', false);
    const file = new File(['png'], 'slip.png', { type: 'image/png' });
    const answer = uploadFile('/api/wallet/slip', { field: 'file', file });
    const xhr = current();
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/api/wallet/slip');
    expect(xhr.timeout).toBe(TIMEOUT_MS.upload);
    expect(xhr.headers).toMatchObject({ 'x-app-name': 'wallet-user', authorization: 'Bearer tok-9' });
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('slip.png');
    xhr.answer(200, { message: 'SUCCESS' });
    await expect(answer).resolves.toEqual({ message: 'SUCCESS' });
  });

  it("adds a feature's own headers to the API headers", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File(['png'], 'cat.png', { type: 'image/png' });
    const answer = uploadFile('/api/chat/upload-image', { field: 'file', file, headers: { 'x-chat-guest': 'g-1' } });
    expect(current().headers).toMatchObject({ 'x-app-name': 'wallet-user', 'x-chat-guest': 'g-1' });
    current().answer(200, { path: '/files/chat/a.png' });
    await expect(answer).resolves.toEqual({ path: '/files/chat/a.png' });
  });

  it('reports the share sent as the browser reports progress, then 1 once answered', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const answer = uploadFile('/api/wallet/slip', {
      field: 'file',
      file: new Blob(['x']),
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = current();
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 75, total: 100 });
    xhr.answer(200, {});
    await answer;
    expect(progress).toEqual([0.25, 0.75, 1]);
  });

  it('turns an error answer into a translated ApiError and a lost connection into a network error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadFile('/api/wallet/slip', { field: 'file', file: new Blob(['x']) });
    current().answer(400, { message: 'SLIP_INVALID_FILE' });
    await expect(refused).rejects.toMatchObject({ code: 'SLIP_INVALID_FILE', status: 400 });
    await expect(refused).rejects.not.toHaveProperty('message', 'SLIP_INVALID_FILE');

    const lost = uploadFile('/api/wallet/slip', { field: 'file', file: new Blob(['x']) });
    current().ontimeout?.();
    await expect(lost).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
