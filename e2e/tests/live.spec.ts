import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEMO, expect, type Locale, launchServer, type Page, test, text } from '../fixtures.ts';

/**
 * Live money (issue 21, docs/live.md): the member's screen follows their money without a reload. A withdrawal
 * shows on home in progress, then paid; a QR deposit paid through the sandbox on a second server node (one
 * PostgreSQL, one Redis) shows its toast and the balance on the page connected to the first, in th, lo and en.
 */
test.describe.configure({ mode: 'serial' });

/** The PostgreSQL and Redis the server suites' multi-node tests use (CI and this machine have both). */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function totalBalance(page: Page): Promise<number> {
  return Number(((await page.getByTestId('total-balance').textContent()) ?? '').replace(/[^0-9]/g, ''));
}

async function call<T>(url: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      'x-app-name': 'wallet-user',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.ok, `${url}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Resolves once the server has answered the namespace's connect packet (`40/member,{...}`), over whichever
 * transport carried it: the long-polling response that starts every Socket.IO session, or the WebSocket it
 * upgrades to (on a busy machine the upgrade can come first, and the answer with it).
 */
function namespaceConnected(page: Page, namespace: string): Promise<void> {
  const packet = `40${namespace},`;
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith(packet)) resolve();
      });
    });
    page.on('response', async (response) => {
      if (!response.url().includes('/socket.io/')) return;
      const body = await response.text().catch(() => '');
      if (body.split('\x1e').some((part) => part.startsWith(packet))) resolve();
    });
  });
}

/**
 * Logs the demo member in, and waits until the live socket's namespace answered: what is paid from then on must
 * reach the page without a reload.
 */
async function login(page: Page, locale: Locale, base = '') {
  const liveConnected = namespaceConnected(page, '/member');
  await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
  await page.goto(`${base}/login`);
  await page.getByLabel(text(locale, 'auth.username')).fill(DEMO.phone);
  await page.getByLabel(text(locale, 'auth.password')).fill(DEMO.password);
  await page.getByRole('button', { name: text(locale, 'auth.submit') }).click();
  await expect(page.getByTestId('total-balance')).toBeVisible();
  await liveConnected;
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

test('a withdrawal shows on home in progress, then paid, without a reload', async ({ page, baseURL }) => {
  const locale = 'th';
  // The sandbox payout party pays 5 s after it is asked: long enough to see the request in progress.
  await call(`${baseURL}/sandbox/payout/settings`, { method: 'PUT', body: { delayMs: 5_000, webhooks: true } });
  await login(page, locale);
  const start = await totalBalance(page);
  await page
    .getByRole('button', { name: text(locale, 'withdraw.title'), exact: true })
    .first()
    .click();
  const withdraw = page.getByRole('dialog', { name: text(locale, 'withdraw.title') });
  await withdraw.getByLabel(text(locale, 'withdraw.amount')).fill('100');
  await withdraw.getByRole('button', { name: text(locale, 'withdraw.submit'), exact: true }).click();
  const result = page.getByRole('dialog', { name: text(locale, 'wallet.successTitle') });
  await expect(result.getByText(text(locale, 'live.withdrawReceived'))).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(withdraw).toBeHidden();

  const pending = page.getByRole('region', { name: text(locale, 'live.pendingTitle') });
  await expect(pending.getByText('฿100.00')).toBeVisible();
  await expect(pending.getByText(text(locale, 'live.paying'))).toBeVisible();
  expect(await totalBalance(page)).toBe(start - 10_000);

  await expect(page.getByText(text(locale, 'live.toast.withdrawPaid', { amount: '฿100.00' }))).toBeVisible({
    timeout: 15_000,
  });
  await expect(pending).toBeHidden();
});

test.describe('a second server node', () => {
  let admin: pg.Client;
  let databaseName: string;
  let nodes: Awaited<ReturnType<typeof launchServer>>[] = [];

  test.beforeAll(async () => {
    databaseName = `mw_e2e_live_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: url.toString(), REDIS_URL, REDIS_KEY_PREFIX: `${databaseName}:` };
    // One after the other: the first migrates the database and makes the demo member.
    nodes = [await launchServer(env)];
    nodes.push(await launchServer(env));
  });

  test.afterAll(async () => {
    for (const node of nodes) await node.stop();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  test('a deposit paid through node 2 shows its toast and balance on the page of node 1, in th, lo and en', async ({
    page,
  }) => {
    const [one, two] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const token = await login(page, 'th', one.url);
    let expected = await totalBalance(page);
    let shown: Locale = 'th';
    for (const [index, locale] of (['th', 'lo', 'en'] as const).entries()) {
      await page.getByLabel(text(shown, 'language.label')).selectOption(locale);
      shown = locale;
      const amount = 100 + index;
      // The QR is made and paid through node 2: its gateway's webhook credits the wallet there.
      const qr = await call<{ qrcodeId: string }>(`${two.url}/api/qrcode/KBANK`, {
        method: 'POST',
        token,
        body: { amount },
      });
      await call(`${two.url}/sandbox/payments/KBANK/pay`, { method: 'POST', body: { qrcodeId: qr.qrcodeId } });
      expected += amount * 100;
      const balance = `฿${(expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      const said = text(locale, 'live.toast.deposit', { amount: `฿${amount}.00`, balance });
      await expect(page.getByText(said)).toBeVisible();
      await expect.poll(() => totalBalance(page)).toBe(expected);
    }
  });
});
