import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { totp } from './authenticator.ts';
import { expect, type Page, type test, uniqueMember } from './fixtures.ts';

/** The back-office's languages (Lao is optional there and not built). */
export const OPERATOR_LOCALES = ['th', 'en'] as const;
export type OperatorLocale = (typeof OPERATOR_LOCALES)[number];

type Catalogue = Record<string, unknown>;
const catalogues = Object.fromEntries(
  OPERATOR_LOCALES.map((locale) => [
    locale,
    JSON.parse(
      readFileSync(new URL(`../apps/backoffice/src/i18n/${locale}.json`, import.meta.url), 'utf8'),
    ) as Catalogue,
  ]),
) as Record<OperatorLocale, Catalogue>;

/** A back-office text of `key` in `locale`, with `{{name}}` values filled in. */
export function operatorText(locale: OperatorLocale, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[locale]);
  if (typeof found !== 'string') throw new Error(`no back-office text ${key} in ${locale}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A JSON call to the server that must succeed; its answer. */
export async function call<T>(base: string, method: string, path: string, body?: unknown, headers = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.text();
  expect(response.ok, `${method} ${path}: ${response.status} ${answer}`).toBe(true);
  return JSON.parse(answer) as T;
}

/** A member app request's headers (the app name the member API asks for). */
export const MEMBER_APP = { 'x-app-name': 'wallet-user', 'content-type': 'application/json' } as const;

/**
 * A fresh member registered and signed in through the member API: their phone and name, the headers of their
 * session, and a reader of their wallet's amount (baht).
 */
export async function newMember(base: string, label: string) {
  const { phone, accountNo, surname } = uniqueMember();
  const name = `E2E ${label} ${phone}`;
  const password = 'secret123';
  await call(
    base,
    'POST',
    '/api/account',
    {
      name,
      username: phone,
      password,
      bankCode: 'KBANK',
      bankAccountName: `SOMCHAI ${surname}`,
      bankAccountNo: accountNo,
    },
    MEMBER_APP,
  );
  const { token } = await call<{ token: string }>(
    base,
    'POST',
    '/api/login',
    { username: phone, password },
    MEMBER_APP,
  );
  const headers = { ...MEMBER_APP, authorization: `Bearer ${token}` };
  const wallet = async () =>
    (await call<{ wallet: { amount: number } }>(base, 'GET', '/api/wallet', undefined, headers)).wallet.amount;
  return { phone, name, headers, wallet };
}

/**
 * An operator made through the sandbox (`POST /sandbox/operators`, as `npm run operator:create` makes one) signs
 * in through the page in `locale`: asks for `path`, is sent to sign-in, types the password and the current TOTP
 * code, and is taken back. `onSignInPage` runs on the sign-in page before anything is typed. Answers the
 * operator's username and token (`op_…`, in sessionStorage).
 */
export async function signInOperator(
  page: Page,
  base: string,
  options: {
    role: OperatorRole;
    locale: OperatorLocale;
    path: string;
    /** Part of the username, unique per spec and test. */
    name: string;
    onSignInPage?: () => Promise<void>;
  },
): Promise<{ username: string; token: string }> {
  const { role, locale, path, name } = options;
  const username = `e2e-${name}-${locale}-${process.pid}`;
  const password = 'a long e2e operator password';
  const { totpSecret } = await call<{ totpSecret: string }>(base, 'POST', '/sandbox/operators', {
    username,
    role,
    password,
  });
  await page.addInitScript((chosen) => window.localStorage.setItem('operatorLocale', chosen), locale);
  await page.goto(`/backoffice${path}`);
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  await options.onSignInPage?.();
  await page.getByLabel(operatorText(locale, 'signIn.username')).fill(username);
  await page.getByLabel(operatorText(locale, 'signIn.password')).fill(password);
  await page.getByLabel(operatorText(locale, 'signIn.totp')).fill(totp(totpSecret, Date.now()));
  await page.getByRole('button', { name: operatorText(locale, 'signIn.submit') }).click();
  await expect(page.getByTestId('operator')).toContainText(username);
  await expect(page.getByTestId('operator')).toContainText(operatorText(locale, `shell.role.${role}`));
  const token = (await page.evaluate(() => sessionStorage.getItem('operatorToken'))) ?? '';
  expect(token).toMatch(/^op_/);
  return { username, token };
}

const AUTO_APPROVE_MINOR = 10_000;
const DEFAULT_AUTO_APPROVE_MINOR = 500_000;

/**
 * For the spec file that calls it: withdrawals above 100 baht wait for an operator, and the migration's 5,000 baht
 * is put back afterwards.
 */
export function withdrawalsWaitAbove100Baht(spec: typeof test): void {
  spec.beforeAll(async ({ server }) => {
    await call(server.url, 'PUT', '/sandbox/settings/withdrawAutoApprove', {
      currency: 'BAHT',
      maxMinor: AUTO_APPROVE_MINOR,
    });
  });
  spec.afterAll(async ({ server }) => {
    await call(server.url, 'PUT', '/sandbox/settings/withdrawAutoApprove', {
      currency: 'BAHT',
      maxMinor: DEFAULT_AUTO_APPROVE_MINOR,
    });
  });
}

/** A member registered and logged in through the API, with 1,000 baht paid in through a sandbox QR. */
export async function fundedMember(base: string, label: string) {
  const member = await newMember(base, label);
  const qr = await call<{ qrcodeId: string }>(base, 'POST', '/api/qrcode/KBANK', { amount: 1000 }, member.headers);
  await call(base, 'POST', '/sandbox/payments/KBANK/pay', { qrcodeId: qr.qrcodeId });
  await expect.poll(() => member.wallet(), { timeout: 20_000 }).toBe(1000);
  const withdraw = (amount: number) =>
    call<{ reference: string; status: string }>(
      base,
      'POST',
      '/api/wallet/withdraw',
      { amount },
      { ...member.headers, 'idempotency-key': randomUUID() },
    );
  const statement = () =>
    call<{ statements: { statementType: string; status: string; amount: number }[] }>(
      base,
      'POST',
      '/api/statement',
      { page: 1, limit: 50 },
      member.headers,
    );
  return { ...member, withdraw, statement };
}
