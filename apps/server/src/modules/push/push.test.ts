import { API } from '@member-wallet/contract/api-paths';
import { CHAT_BACKOFFICE_API, type ChatConversationSummary, chatRoom } from '@member-wallet/contract/chat';
import type { PushPayload } from '@member-wallet/contract/push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientId, connectSocket, join, sendMessage, textMessage } from '../../../test/chat.ts';
import { fundedMember, seedCatalogue } from '../../../test/games.ts';
import { bearer, registerMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { payQrDeposit } from '../../../test/qr.ts';
import { askWithdrawal, reviewWithdrawal } from '../../../test/withdrawals.ts';
import { PushRefused, type PushSender, type PushTarget } from '../../adapters/push/push-sender.ts';
import { formatAmount } from './push.texts.ts';

/** Web Push (docs/app.md, Notifications), with a recording push service in place of the browsers'. */

interface Sent {
  endpoint: string;
  payload: PushPayload;
}
const sent: Sent[] = [];
/** Endpoints the recording push service answers with a status instead of accepting. */
const refusals = new Map<string, number>();
const recorder: PushSender = async (target: PushTarget, payload: string) => {
  const status = refusals.get(target.endpoint);
  if (status !== undefined) throw new PushRefused(status);
  sent.push({ endpoint: target.endpoint, payload: JSON.parse(payload) });
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {
      DEMO: '1',
      MONEY_RATE_PER_MINUTE: '1000',
      WITHDRAW_RATE_PER_MINUTE: '1000',
      WITHDRAW_RATE_PER_HOUR: '10000',
      PAYOUT_SETTLE_INTERVAL_MS: '0',
      SANDBOX_PAYOUT_DELAY_MS: '0',
    },
    { pushSender: recorder },
  );
  await seedCatalogue(t);
  // Withdrawals above 1,000 baht wait for an operator's review in this file.
  await t.app.siteSettings.setWithdrawAutoApproveMax('BAHT', 100_000n);
});
afterAll(() => t.close());
beforeEach(() => {
  sent.length = 0;
  refusals.clear();
});

let endpoints = 0;
function subscription(locale: string, endpoint = `https://push.example.test/e/${++endpoints}`) {
  return { endpoint, keys: { p256dh: `BP${'a'.repeat(85)}`, auth: 'YXV0aGF1dGhhdXRo' }, locale };
}

function subscribe(token: string, body: object) {
  return t.api({ method: 'POST', url: API.pushSubscribe, headers: bearer(token), payload: body });
}

function unsubscribe(token: string, endpoint: string) {
  return t.api({ method: 'DELETE', url: API.pushSubscribe, headers: bearer(token), payload: { endpoint } });
}

/** A second session of the member, as another browser of theirs would sign in. */
async function logIn(member: { username: string; password: string }): Promise<string> {
  const login = await t.api({
    method: 'POST',
    url: '/api/login',
    payload: { username: member.username, password: member.password },
  });
  return login.json().token as string;
}

async function storedEndpoints(memberId: bigint): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.endpoint);
}

describe('push subscriptions', () => {
  it('hands out the demo VAPID key, made once and kept in the database', async () => {
    const key = (await t.api({ method: 'GET', url: API.pushKey })).json();
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const stored = await t.app.db.selectFrom('push_keys').select('value').execute();
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]?.value ?? '{}').publicKey).toBe(key.publicKey);
  });

  it('refuses bad subscriptions with a translated code per field, and plain HTTP away from this machine', async () => {
    const member = await registerMember(t);
    const bad = await subscribe(member.token, { ...subscription('de'), endpoint: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ endpoint: 'KEY_INVALID', locale: 'KEY_INVALID' });
    const remote = await subscribe(member.token, subscription('th', 'http://push.example.test/e/1'));
    expect(remote.json()).toMatchObject({ message: 'KEY_INVALID', fields: { endpoint: 'KEY_INVALID' } });
    const anonymous = await t.api({ method: 'POST', url: API.pushSubscribe, payload: subscription('th') });
    expect(anonymous.statusCode).toBe(401);
  });

  it("tells a credited deposit to each of the member's browsers in its own language", async () => {
    const member = await registerMember(t);
    const [thai, lao, english] = [subscription('th'), subscription('lo'), subscription('en')];
    for (const each of [thai, lao, english]) expect((await subscribe(member.token, each)).json()).toEqual({ ok: true });
    const other = await registerMember(t);
    await subscribe(other.token, subscription('en'));

    await payQrDeposit(t, member.token, 1234.5);
    await expect.poll(() => sent.length).toBe(3);
    const by = (endpoint: string) => sent.find((each) => each.endpoint === endpoint)?.payload;
    expect(by(thai.endpoint)).toEqual({
      kind: 'deposit-credited',
      title: 'เงินเข้าแล้ว',
      body: 'ฝากเงิน 1,234.50 บาท เข้ากระเป๋าของคุณแล้ว',
      url: '/user/home',
    });
    expect(by(lao.endpoint)?.body).toBe('ຝາກເງິນ 1,234.50 ບາດ ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ');
    expect(by(english.endpoint)?.body).toBe('1,234.50 THB has been added to your wallet.');
  });

  it('tells a withdrawal paid or failed, whatever settles it: the ledger announces it once it committed', async () => {
    const finance = await signedInOperator(t, 'finance');
    const player = await fundedMember(t, 5000);
    const each = subscription('en');
    await subscribe(player.token, each);
    const paid = await askWithdrawal(t, player, 1500);
    expect((await reviewWithdrawal(t, finance.headers, 'approve', paid.reference)).statusCode).toBe(200);
    // The payout party pays the approved one on its own time: its push is awaited before the next is caused.
    await expect.poll(() => sent.length).toBe(1);
    const failed = await askWithdrawal(t, player, 1200);
    const rejected = await reviewWithdrawal(t, finance.headers, 'reject', failed.reference, 'Name does not match');
    expect(rejected.statusCode).toBe(200);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent.map((one) => [one.payload.kind, one.payload.body])).toEqual([
      ['withdrawal-paid', expect.stringContaining('1,500.00 THB')],
      ['withdrawal-failed', expect.stringContaining('1,200.00 THB')],
    ]);
  });

  it('removes a subscription the push service calls gone, and keeps one that failed for a while', async () => {
    const member = await registerMember(t);
    const [gone, missing, busy, fine] = [
      subscription('en'),
      subscription('en'),
      subscription('en'),
      subscription('en'),
    ];
    for (const each of [gone, missing, busy, fine]) await subscribe(member.token, each);
    refusals.set(gone.endpoint, 410);
    refusals.set(missing.endpoint, 404);
    refusals.set(busy.endpoint, 503);
    await t.app.push.notify(member.id, { kind: 'withdrawal-paid', params: { amountMinor: 5000n, currency: 'BAHT' } });
    expect(sent.map((each) => each.endpoint)).toEqual([fine.endpoint]);
    const kept = await t.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(kept.map((row) => row.endpoint)).toEqual([busy.endpoint, fine.endpoint]);
  });

  it('forgets a subscription the member turns off', async () => {
    const member = await registerMember(t);
    const mine = subscription('en');
    await subscribe(member.token, mine);
    const off = await unsubscribe(member.token, mine.endpoint);
    expect(off.json()).toEqual({ ok: true });
    await t.app.push.notify(member.id, { kind: 'chat-reply' });
    expect(sent).toEqual([]);
  });

  it('ends the subscription with the session that handed it in: logout, or a password changed elsewhere', async () => {
    const member = await registerMember(t);
    const [loggedOut, kept] = [subscription('th'), subscription('en')];
    await subscribe(member.token, loggedOut);
    const other = await logIn(member);
    await subscribe(other, kept);
    expect((await t.api({ method: 'POST', url: '/api/logout', headers: bearer(member.token) })).statusCode).toBe(200);
    await t.app.push.notify(member.id, { kind: 'chat-reply' });
    expect(sent.map((each) => each.endpoint)).toEqual([kept.endpoint]);
    expect(await storedEndpoints(member.id)).toEqual([kept.endpoint]);

    sent.length = 0;
    const third = await logIn(member);
    const changed = await t.api({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: bearer(third),
      payload: { oldPassword: member.password, newPassword: 'Another-pass-42' },
    });
    expect(changed.statusCode).toBe(200);
    await t.app.push.notify(member.id, { kind: 'chat-reply' });
    expect(sent).toEqual([]);
    expect(await storedEndpoints(member.id)).toEqual([]);
  });

  it('keeps an endpoint with the member who handed it in: another member can neither take it nor delete it', async () => {
    const [owner, thief] = [await registerMember(t), await registerMember(t)];
    const shared = subscription('th');
    await subscribe(owner.token, shared);
    const taken = await subscribe(thief.token, { ...shared, locale: 'en' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: 'KEY_INVALID', fields: { endpoint: 'KEY_INVALID' } });
    expect((await unsubscribe(thief.token, shared.endpoint)).json()).toEqual({ ok: true });
    await t.app.push.notify(thief.id, { kind: 'chat-reply' });
    expect(sent).toEqual([]);
    await t.app.push.notify(owner.id, { kind: 'chat-reply' });
    expect(sent.map((each) => [each.endpoint, each.payload.title])).toEqual([
      [shared.endpoint, 'ข้อความใหม่จากฝ่ายบริการ'],
    ]);

    // Once the owner's session has ended, the browser belongs to whoever signs in on it next.
    sent.length = 0;
    await t.api({ method: 'POST', url: '/api/logout', headers: bearer(owner.token) });
    expect((await subscribe(thief.token, { ...shared, locale: 'en' })).json()).toEqual({ ok: true });
    await t.app.push.notify(owner.id, { kind: 'chat-reply' });
    await t.app.push.notify(thief.id, { kind: 'chat-reply' });
    expect(sent.map((each) => each.payload.title)).toEqual(['New message from support']);
  });

  it("tells an operator's chat reply only while the member's app is closed", async () => {
    const member = await registerMember(t);
    await subscribe(member.token, subscription('lo'));
    await sendMessage(t, bearer(member.token), textMessage('hello'));
    const operator = await signedInOperator(t, 'support');
    const inbox = await t.api({ method: 'GET', url: CHAT_BACKOFFICE_API.conversations, headers: operator.headers });
    const conversation = inbox
      .json()
      .items.find((each: ChatConversationSummary) => each.customer.memberId === member.publicId);
    const reply = () =>
      t.api({
        method: 'POST',
        url: CHAT_BACKOFFICE_API.conversationMessages.replace(':id', conversation.id),
        headers: operator.headers,
        payload: { message: { message_type: 'text', payload: { message: 'hi' } }, clientMessageId: clientId() },
      });

    const socket = await connectSocket(t, { token: member.token });
    await join(socket, chatRoom('chat', member.publicId));
    expect((await reply()).statusCode).toBe(200);
    socket.close();
    expect(sent).toEqual([]);

    await expect.poll(async () => (await t.app.chatHub.connectedIn(member.publicId)) === false).toBe(true);
    expect((await reply()).statusCode).toBe(200);
    await expect.poll(() => sent.map((each) => each.payload.title)).toEqual(['ຂໍ້ຄວາມໃໝ່ຈາກຝ່າຍບໍລິການ']);
  });
});

describe('push words', () => {
  it('writes amounts with grouped digits, two decimals and the currency in the language', () => {
    expect(formatAmount(123456789n, 'LAK', 'lo')).toBe('1,234,567.89 ກີບ');
    expect(formatAmount(5n, 'BAHT', 'en')).toBe('0.05 THB');
    expect(formatAmount(100000n, 'BAHT', 'th')).toBe('1,000.00 บาท');
  });
});
