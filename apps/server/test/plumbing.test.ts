import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API } from '@member-wallet/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpaPage } from '../src/lib/spa-page.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let spa: TestApp;
const publicDir = mkdtempSync(join(tmpdir(), 'mw-public-'));
mkdirSync(join(publicDir, 'assets'));
writeFileSync(
  join(publicDir, 'index.html'),
  '<!doctype html><html lang="th"><head><title>Member Wallet</title>' +
    '<link rel="manifest" href="/manifest.th.webmanifest">' +
    '<link rel="modulepreload" href="/assets/th-aaa.js"></head></html>',
);
mkdirSync(join(publicDir, '.vite'));
writeFileSync(
  join(publicDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc.js', isEntry: true },
    'src/i18n/th.json': { file: 'assets/th-aaa.js' },
    'src/i18n/lo.json': { file: 'assets/lo-bbb.js' },
    'src/i18n/en.json': { file: 'assets/en-ccc.js' },
    'src/i18n/member/th.json': { file: 'assets/th-mmm.js' },
    'src/i18n/member/en.json': { file: 'assets/en-nnn.js' },
  }),
);
// What each first page's lazy chunks are, written by the web build (apps/web/scripts/route-preloads.mjs).
writeFileSync(
  join(publicDir, '.vite', 'route-preloads.json'),
  JSON.stringify({
    '/login': ['assets/public-shell-p1.js', 'assets/login-screen-l1.js'],
    '/user': ['assets/member-shell-s1.js', 'assets/home-route-h1.js'],
    '/user/home': ['assets/member-shell-s1.js', 'assets/home-route-h1.js'],
  }),
);
writeFileSync(join(publicDir, 'assets', 'app-abc123.js'), 'console.log(1)');
const bundle = `export const catalogue = ${JSON.stringify({ greeting: 'สวัสดี '.repeat(400) })};`;
writeFileSync(join(publicDir, 'assets', 'big-abc123.js'), bundle);
writeFileSync(join(publicDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(bundle));
writeFileSync(join(publicDir, 'assets', 'big-abc123.js.gz'), gzipSync(bundle));
writeFileSync(join(publicDir, 'favicon.svg'), '<svg/>');
writeFileSync(join(publicDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(publicDir, 'manifest.en.webmanifest'), '{"name":"Member Wallet"}');
const backofficeDir = mkdtempSync(join(tmpdir(), 'mw-backoffice-'));
mkdirSync(join(backofficeDir, 'assets'));
writeFileSync(
  join(backofficeDir, 'index.html'),
  '<!doctype html><html lang="th"><head><title>Back-office</title>' +
    '<script type="module" src="/backoffice/assets/index-bo1.js"></script></head></html>',
);
writeFileSync(join(backofficeDir, 'assets', 'index-bo1.js'), 'console.log("back-office")');

beforeAll(async () => {
  [t, spa] = await Promise.all([
    startTestApp({ TRUST_PROXY: '1' }),
    startTestApp({
      PUBLIC_DIR: publicDir,
      BACKOFFICE_DIR: backofficeDir,
      CHAT_SOCKET_URL: 'https://chat.example.test',
      // As in production: no API documentation.
      API_DOCS: '0',
    }),
  ]);
});
afterAll(() => Promise.all([t.close(), spa.close()]));

/** Writes `request` as is to the app's socket and reads the answer until the server closes it. */
function rawHttp(app: TestApp, request: string): Promise<string> {
  const { port } = app.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

describe('health', () => {
  it('answers healthz and readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });
});

describe('API gate', () => {
  it('refuses /api calls without X-App-Name', async () => {
    for (const headers of [{}, { 'x-app-name': 'someone-else' }]) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/lookup/banks', headers });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    expect((await t.app.inject({ method: 'POST', url: API.login, payload: {} })).statusCode).toBe(403);
  });

  it('answers NO_DATA for an unknown /api path', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await t.api({ method, url: '/api/no/such/thing' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'NO_DATA' });
    }
  });

  it('refuses malformed JSON, oversized bodies and other content types', async () => {
    const malformed = await t.api({
      method: 'POST',
      url: API.login,
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'KEY_INVALID' });
    const huge = await t.api({ method: 'POST', url: API.login, payload: { username: 'x'.repeat(70 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'KEY_INVALID' });
    const text = await t.api({
      method: 'POST',
      url: API.login,
      payload: 'a=b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'KEY_INVALID' });
    const xml = await t.api({
      method: 'POST',
      url: API.login,
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'KEY_INVALID' });
    const empty = await t.api({ method: 'POST', url: API.login });
    expect(empty.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it("answers Fastify's own refusals (bad URL, long parameter, malformed HTTP) in the project's shape", async () => {
    for (const url of ['/api/lookup/banks%', '/api/statement/slip/reference/%E0%A4%A', '/sandbox/settings%zz']) {
      const answer = await t.api({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual({ message: 'KEY_INVALID' });
      expect(answer.body).not.toContain('FST_');
    }
    const long = await t.api({ method: 'GET', url: `/api/statement/slip/reference/${'a'.repeat(200)}` });
    expect(long.json()).toEqual({ message: 'KEY_INVALID' });
    expect(long.body).not.toContain('FST_');
    // Bytes that are not HTTP at all reach Node's parser, before any route: still the project's shape.
    const raw = await rawHttp(t, 'GET /api/lookup/banks HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe('{"message":"KEY_INVALID"}');
  });

  it('caps long strings with the field code', async () => {
    const answer = await t.api({
      method: 'POST',
      url: API.login,
      payload: { username: '0'.repeat(500), password: 'x' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'KEY_INVALID', fields: { username: 'KEY_INVALID' } });
  });
});

describe('headers', () => {
  it('sets security headers, and HSTS only over TLS', async () => {
    const plain = await t.api({ method: 'GET', url: '/api/lookup/info' });
    const csp = String(plain.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Chat pictures and videos an operator sends by https URL may show; sockets go only to this origin...
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("media-src 'self' https:");
    expect(csp).toContain("connect-src 'self';");
    // ...or also to a separate chat backend, when one is configured.
    const withChat = String(
      (await spa.api({ method: 'GET', url: '/api/lookup/info' })).headers['content-security-policy'],
    );
    expect(withChat).toContain("connect-src 'self' https://chat.example.test wss://chat.example.test;");
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.api({ method: 'GET', url: '/api/lookup/info', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // On every answer over TLS, not only the API's: pages, health, errors.
    for (const url of ['/healthz', '/no-such-page', '/api/no/such/thing', '/files/chat/x.png']) {
      const answer = await t.api({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(answer.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      const plainAnswer = await t.api({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(plainAnswer.headers['strict-transport-security'], url).toBeUndefined();
    }
    // Without TRUST_PROXY a forwarded protocol header is not believed.
    const untrusted = await spa.api({
      method: 'GET',
      url: '/api/lookup/info',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('echoes a sane request id and replaces anything else', async () => {
    const echoed = await t.api({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.api({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline<>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await t.api({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('documentation', () => {
  it('serves the OpenAPI document and the UI locally, without X-App-Name', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    expect(ui.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    expect(String(ui.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(document.json().paths);
    for (const path of ['/api/login', '/api/account', '/api/otp/send', '/api/lookup/banks', '/api/chat/upload-image']) {
      expect(paths).toContain(path);
    }
  });

  it('documents the public API only: never a back-office or sandbox path, whatever the mode', async () => {
    // Both are mounted in this app (SANDBOX=1), and answer.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/sms/outbox?phone=0812345678' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/backoffice/api/auth/me' })).statusCode).toBe(401);
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const text = document.body;
    expect(text).not.toContain('/backoffice');
    expect(text).not.toContain('/sandbox');
    for (const path of Object.keys(document.json().paths)) expect(path).toMatch(/^\/(api|files)\//);
  });

  it('serves no documentation when API_DOCS is off (the production default)', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      const bare = await spa.app.inject({ method: 'GET', url });
      expect(bare.statusCode, url).toBe(403);
      const answer = await spa.api({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ message: 'NO_DATA' });
    }
  });
});

describe('static files', () => {
  it('serves the back-office under /backoffice, its pages falling back to its own index.html', async () => {
    for (const url of ['/backoffice/', '/backoffice/withdrawals', '/backoffice/sign-in?next=1']) {
      const page = await spa.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Back-office</title>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const bare = await spa.app.inject({ method: 'GET', url: '/backoffice' });
    expect([bare.statusCode, bare.headers.location]).toEqual([302, '/backoffice/']);
    const asset = await spa.app.inject({ method: 'GET', url: '/backoffice/assets/index-bo1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("back-office")');
    expect(asset.headers['cache-control']).toContain('immutable');
    // The member app's pages stay the member app's.
    expect((await spa.app.inject({ method: 'GET', url: '/user/home' })).body).toContain('<title>Member Wallet</title>');
    for (const url of ['/backoffice/api/unknown', '/backoffice/api']) {
      const answer = await spa.api({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ message: 'NO_DATA' });
    }
    const post = await spa.api({ method: 'POST', url: '/backoffice/withdrawals', payload: {} });
    expect([post.statusCode, post.json()]).toEqual([404, { message: 'NO_DATA' }]);
  });

  it('serves the SPA with history fallback and cache headers', async () => {
    const index = await spa.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const deep = await spa.app.inject({ method: 'GET', url: '/user/profile' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Member Wallet</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const asset = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await spa.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    for (const url of ['/api/nothing', '/sandbox/nothing', '/media/nothing.mp4', '/healthz/x']) {
      const answer = await spa.api({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'NO_DATA' });
    }
  });

  it("preloads the reader's catalogue and sets <html lang> from the locale cookie", async () => {
    const page = (cookie?: string) =>
      spa.app.inject({ method: 'GET', url: '/login', headers: cookie ? { cookie } : {} });
    const english = await page('theme=dark; locale=en');
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('<link rel="modulepreload" href="/assets/en-ccc.js">');
    expect(english.body).not.toContain('th-aaa.js');
    expect(english.headers.vary).toContain('cookie');
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await page('locale=lo')).body).toContain('href="/assets/lo-bbb.js"');
    for (const cookie of [undefined, 'locale=xx', 'locale=', 'other=en']) {
      const answer = await page(cookie);
      expect(answer.body, cookie).toContain('<html lang="th"');
      expect(answer.body, cookie).toContain('href="/assets/th-aaa.js"');
    }
    expect(english.body).not.toContain('en-nnn.js');
    const member = await spa.app.inject({ method: 'GET', url: '/user/home?x=1', headers: { cookie: 'locale=en' } });
    expect(member.body).toContain('<link rel="modulepreload" href="/assets/en-ccc.js">');
    expect(member.body).toContain('<link rel="modulepreload" href="/assets/en-nnn.js">');
    expect((await page()).body).not.toContain('th-mmm.js');
    expect((await spa.app.inject({ method: 'GET', url: '/user' })).body).toContain('href="/assets/th-mmm.js"');
    expect((await spa.app.inject({ method: 'GET', url: '/', headers: { cookie: 'locale=en' } })).body).toContain(
      'en-ccc.js',
    );
  });

  it("preloads the first page's own chunks, so they download beside the entry instead of after it has run", async () => {
    const body = async (url: string) => (await spa.app.inject({ method: 'GET', url })).body;
    const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links(await body('/user/home'))).toEqual([
      '/assets/th-aaa.js',
      '/assets/th-mmm.js',
      '/assets/member-shell-s1.js',
      '/assets/home-route-h1.js',
    ]);
    for (const url of ['/user', '/user/', '/user/home/?tab=1']) {
      expect(links(await body(url)), url).toContain('/assets/home-route-h1.js');
    }
    expect(links(await body('/login'))).toEqual([
      '/assets/th-aaa.js',
      '/assets/public-shell-p1.js',
      '/assets/login-screen-l1.js',
    ]);
    // Another page gets only its catalogues: its chunks start from the entry as before.
    expect(links(await body('/user/statement'))).toEqual(['/assets/th-aaa.js', '/assets/th-mmm.js']);
    expect(links(await body('/register'))).toEqual(['/assets/th-aaa.js']);
    // In the reader's language too.
    const english = await spa.app.inject({ method: 'GET', url: '/user/home', headers: { cookie: 'locale=en' } });
    expect(links(english.body)).toEqual([
      '/assets/en-ccc.js',
      '/assets/en-nnn.js',
      '/assets/member-shell-s1.js',
      '/assets/home-route-h1.js',
    ]);
  });

  it('says in the page whether a party answers from its sandbox, so the SANDBOX mark is there from the first paint', async () => {
    // The test apps run every party at its sandbox.
    for (const url of ['/login', '/user/home', '/backoffice/']) {
      expect((await spa.app.inject({ method: 'GET', url })).body, url).toMatch(/<html lang="th" data-sandbox="true">/);
    }
    const page = loadSpaPage(publicDir);
    expect(page?.html(undefined, '/login', { sandbox: false })).toContain('<html lang="th">');
    expect(page?.html(undefined, '/login', { sandbox: false })).not.toContain('data-sandbox');
  });

  it("names the web app manifest of the reader's language, and has the service worker and manifests revalidated", async () => {
    const page = (cookie?: string) =>
      spa.app.inject({ method: 'GET', url: '/user/home', headers: cookie ? { cookie } : {} });
    expect((await page('locale=en')).body).toContain('<link rel="manifest" href="/manifest.en.webmanifest">');
    expect((await page('locale=lo')).body).toContain('href="/manifest.lo.webmanifest"');
    expect((await page()).body).toContain('href="/manifest.th.webmanifest"');
    const worker = await spa.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    const manifest = await spa.app.inject({ method: 'GET', url: '/manifest.en.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
  });

  it('sends the precompressed copy of an asset to browsers that accept it', async () => {
    const url = '/assets/big-abc123.js';
    const brotli = await spa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bundle);
    const gzip = await spa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);
    const plain = await spa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses API answers and pages of 1 KiB or more for clients that accept it, and no others', async () => {
    const url = '/api/lookup/banks';
    const plain = await t.api({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await t.api({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.api({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const video = await t.app.inject({
      method: 'GET',
      url: '/media/howto/wallet.mp4',
      headers: { 'accept-encoding': 'br' },
    });
    expect(video.headers['content-encoding']).toBeUndefined();
  });

  it('still serves the API when there is no SPA build', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/user/home' })).statusCode).toBe(404);
    expect(t.logs.join('')).toContain('No built SPA found');
  });

  it('serves media from the server assets folder', async () => {
    const video = await t.app.inject({ method: 'GET', url: '/media/howto/wallet.mp4' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: '/media/howto/missing.mp4' })).statusCode).toBe(404);
  });
});

describe('terminated site', () => {
  it('answers gone on every /api call while terminated', async () => {
    await spa.app.inject({ method: 'PUT', url: '/sandbox/settings', payload: { terminated: true } });
    try {
      const active = await spa.api({ method: 'GET', url: '/api/lookup/active' });
      expect(active.statusCode).toBe(200);
      expect(active.json()).toEqual({ active: false, message: 'gone' });
      for (const [method, url] of [
        ['GET', '/api/lookup/banks'],
        ['POST', API.login],
        ['POST', API.account],
        ['POST', API.otpSend],
        ['GET', API.profile],
        ['GET', '/api/anything/else'],
      ] as const) {
        const answer = await spa.api({ method, url, payload: {} });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ message: 'gone' });
      }
      expect((await spa.app.inject({ method: 'GET', url: '/user' })).statusCode).toBe(200);
    } finally {
      await spa.app.inject({ method: 'PUT', url: '/sandbox/settings', payload: { terminated: false } });
    }
    expect((await spa.api({ method: 'GET', url: '/api/lookup/active' })).json()).toEqual({ active: true });
  });

  it('notices a flag written elsewhere (another node, the back-office) within two seconds', async () => {
    const setTerminated = (value: boolean) =>
      t.app.db
        .updateTable('site_settings')
        .set({ value: String(value) })
        .where('key', '=', 'terminated')
        .execute();
    expect((await t.api({ method: 'GET', url: '/api/lookup/active' })).json()).toEqual({ active: true });
    await setTerminated(true);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await t.api({ method: 'GET', url: '/api/lookup/active' })).json()).toEqual({
        active: false,
        message: 'gone',
      });
    } finally {
      await setTerminated(false);
    }
  });

  it('validates the sandbox settings body', async () => {
    const bad = await spa.app.inject({ method: 'PUT', url: '/sandbox/settings', payload: { terminated: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'KEY_INVALID', fields: { terminated: 'KEY_INVALID' } });
  });
});

describe('failures', () => {
  it('answers 503 on readyz and a bare 500 on the API when the database is gone', async () => {
    const broken = await startTestApp();
    try {
      await broken.app.db.destroy();
      expect((await broken.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      const answer = await broken.api({ method: 'GET', url: '/api/lookup/banks' });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
      expect(answer.body).not.toMatch(/at |Error/);
      expect(broken.logs.join('')).toContain('unexpected error');
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
