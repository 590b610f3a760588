import { deflateSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { expectNoAxeViolations } from '../a11y.ts';
import { totp } from '../authenticator.ts';
import { call, MEMBER_APP, newMember, operatorText, signInOperator } from '../backoffice.ts';
import { expect, type Locale, type Page, test, text } from '../fixtures.ts';
import { relayTo } from '../network-cut.ts';

/**
 * Live chat end to end (issue 8), in two browser contexts: a visitor (or a member) in the member app and an
 * operator in the back-office. The chat widget is switched on for these tests and off again after them, so the
 * other specs of this worker see the site as they expect.
 */
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ server }) => server.setSettings({ enableChatWidget: true }));
test.afterAll(async ({ server }) => server.setSettings({ enableChatWidget: false }));

/** Opens the widget from the launcher; answers the chat panel. */
async function openChat(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'chat.open') }).click();
  const panel = page.getByRole('dialog', { name: text(locale, 'chat.title') });
  await expect(panel).toBeVisible();
  // Sending is on once the conversation is ready (guest token, history); Enter before that sends nothing.
  await expect(panel.getByRole('button', { name: text(locale, 'chat.send'), exact: true })).toBeEnabled();
  return panel;
}

async function write(page: Page, locale: Locale, message: string) {
  const box = page
    .getByRole('dialog', { name: text(locale, 'chat.title') })
    .getByLabel(text(locale, 'chat.messageLabel'));
  await box.fill(message);
  await box.press('Enter');
}

/** The customer's bubble holding `message`, and its delivery state. */
function bubble(page: Page, message: string) {
  return page.locator('li[data-message-key]').filter({ hasText: message });
}

/** An operator signed in through the API (TOTP from the sandbox): their token's headers. */
async function operatorApi(base: string, name: string) {
  const username = `e2e-${name}-${process.pid}`;
  const password = 'a long e2e operator password';
  const { totpSecret } = await call<{ totpSecret: string }>(base, 'POST', '/sandbox/operators', {
    username,
    role: 'support',
    password,
  });
  const { token } = await call<{ token: string }>(base, 'POST', '/backoffice/api/auth/login', {
    username,
    password,
    totp: totp(totpSecret, Date.now()),
  });
  return { authorization: `Bearer ${token}` };
}

interface Summary {
  id: string;
  customer: { guestId: string | null };
}
interface Stored {
  sender: string;
  message: { message_type: string; payload: { message?: string } };
}

async function guestConversation(base: string, headers: Record<string, string>, guestId: string) {
  const { items } = await call<{ items: Summary[] }>(
    base,
    'GET',
    '/backoffice/api/chat/conversations',
    undefined,
    headers,
  );
  const found = items.find((item) => item.customer.guestId === guestId);
  if (!found) throw new Error(`no conversation of guest ${guestId}`);
  return found.id;
}

async function guestIdOf(page: Page): Promise<string> {
  const token = (await page.evaluate(() => localStorage.getItem('guest-id'))) ?? '';
  const id = token.split('.')[0] ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

async function visitorPage(browser: Browser, base: string, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 800 } });
  await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
  return context.newPage();
}

for (const [visitorLocale, operatorLocale, operatorWidth] of [
  ['lo', 'th', 360],
  ['en', 'en', 1280],
] as const) {
  test(`a visitor writes, an operator answers in the back-office, the visitor sees it live (${visitorLocale}/${operatorLocale}, operator ${operatorWidth} px)`, async ({
    browser,
    baseURL,
    page,
  }) => {
    const base = baseURL ?? '';
    await page.setViewportSize({ width: operatorWidth, height: 800 });
    const longThread = operatorWidth > 1000;
    const visitor = await visitorPage(browser, base, visitorLocale);
    await visitor.goto('/contact');
    await openChat(visitor, visitorLocale);
    const question = `Where is my deposit? ${visitorLocale} ${Date.now()}`;
    await write(visitor, visitorLocale, question);
    await expect(bubble(visitor, question).locator('[data-delivery="succeed"]')).toBeVisible();
    await expectNoAxeViolations(visitor, `chat panel (${visitorLocale})`);
    if (longThread) {
      // A thread longer than the operator's window, so that showing its newest message needs a scroll.
      const guestToken = (await visitor.evaluate(() => localStorage.getItem('guest-id'))) ?? '';
      for (let line = 1; line <= 12; line++) {
        await call(
          base,
          'POST',
          '/api/chat/send-message',
          {
            sender: 'customer',
            clientMessageId: `e2e-long-thread-${line}-${Date.now()}`,
            message: { message_type: 'text', payload: { message: `Line ${line} of a long story` } },
          },
          { ...MEMBER_APP, 'x-chat-guest': guestToken },
        );
      }
    }

    await signInOperator(page, base, { role: 'support', locale: operatorLocale, path: '/chat', name: 'chat' });
    const row = page.getByTestId('conversation-row').filter({ hasText: (await guestIdOf(visitor)).slice(0, 8) });
    await expect(row).toContainText(longThread ? 'Line 12 of a long story' : question);
    await row.getByRole('link').first().click();
    const conversation = page.getByTestId('conversation');
    const newest = longThread ? 'Line 12 of a long story' : question;
    await expect(conversation.getByTestId('chat-message').filter({ hasText: newest })).toBeInViewport();
    if (longThread) {
      // On a desktop only the messages' box scrolls to the newest: the page, and its menu, stay where they are.
      await expect(page.getByTestId('operator')).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    const answer = `It is on its way ${Date.now()}`;
    const reply = conversation.getByRole('textbox', { name: operatorText(operatorLocale, 'chat.reply'), exact: true });
    await reply.fill(answer);
    await reply.press('Enter');
    await expect(conversation.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await expectNoAxeViolations(page, `back-office chat (${operatorLocale})`);

    // Live: the visitor's page is not reloaded.
    await expect(visitor.locator('li[data-message-key]').filter({ hasText: answer })).toBeVisible();
    // The visitor's next words reach the operator's open conversation live too.
    const thanks = `Thank you ${Date.now()}`;
    await write(visitor, visitorLocale, thanks);
    await expect(conversation.getByTestId('chat-message').filter({ hasText: thanks })).toBeVisible();
    await visitor.context().close();
  });
}

/** A 2x2 PNG of one colour. */
function png(): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0, 200, 30, 30, 200, 30, 30, 0, 200, 30, 30, 200, 30, 30]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a member sends a picture and sees it delivered', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const locale: Locale = 'th';
  const member = await newMember(base, 'chat picture');
  const token = member.headers.authorization.replace('Bearer ', '');
  await page.addInitScript((stored) => {
    localStorage.setItem('token', stored);
    localStorage.setItem('remember-agreement', 'true');
  }, token);
  await page.goto('/user/home');
  await openChat(page, locale);
  await page.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png() });

  const sent = page.locator('li[data-message-key]').filter({ has: page.locator('img') });
  await expect(sent.locator('[data-delivery="succeed"]')).toBeVisible();
  const source = new URL((await sent.locator('img').getAttribute('src')) ?? '', base);
  expect(source.pathname).toMatch(/^\/files\/chat\/[0-9a-f]{32}\.png$/);
  // The picture is served back as the PNG sent, and the browser has drawn it.
  const served = await fetch(source);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).equals(png())).toBe(true);
  await expect.poll(() => sent.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
  // The member's history holds it once, as a picture.
  const history = await call<{ messages: Stored[] }>(
    base,
    'POST',
    '/api/chat/history',
    { limit: 10, skip: 0 },
    { ...MEMBER_APP, authorization: member.headers.authorization },
  );
  expect(history.messages.map((stored) => stored.message.message_type)).toEqual(['media']);
});

test('the network drops and comes back: nothing is lost or duplicated', async ({ browser, server }) => {
  const locale: Locale = 'en';
  const relay = await relayTo(server.url);
  try {
    const visitor = await visitorPage(browser, relay.url, locale);
    await visitor.goto('/contact');
    const panel = await openChat(visitor, locale);
    const stamp = Date.now();
    await write(visitor, locale, `before ${stamp}`);
    await expect(bubble(visitor, `before ${stamp}`).locator('[data-delivery="succeed"]')).toBeVisible();
    const operator = await operatorApi(server.url, 'chat-drop');
    const conversationId = await guestConversation(server.url, operator, await guestIdOf(visitor));

    relay.cut();
    await expect(panel.getByText(text(locale, 'chat.offline'))).toBeVisible();
    for (const n of [1, 2, 3]) await write(visitor, locale, `offline ${n} ${stamp}`);
    await expect(bubble(visitor, `offline 3 ${stamp}`).locator('[data-delivery="sending"]')).toBeVisible();
    // The operator answers while the visitor is away.
    await call(
      server.url,
      'POST',
      `/backoffice/api/chat/conversations/${conversationId}/messages`,
      { message: { message_type: 'text', payload: { message: `answer ${stamp}` } }, clientMessageId: `drop${stamp}` },
      operator,
    );

    relay.restore();
    for (const n of [1, 2, 3]) {
      await expect(bubble(visitor, `offline ${n} ${stamp}`).locator('[data-delivery="succeed"]')).toBeVisible({
        timeout: 20_000,
      });
    }
    await expect(visitor.locator('li[data-message-key]').filter({ hasText: `answer ${stamp}` })).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(panel.getByText(text(locale, 'chat.offline'))).toHaveCount(0);

    // Stored once each, in the order written.
    const { messages } = await call<{ messages: Stored[] }>(
      server.url,
      'GET',
      `/backoffice/api/chat/conversations/${conversationId}/messages?limit=50`,
      undefined,
      operator,
    );
    const customer = messages
      .filter((stored) => stored.sender === 'customer')
      .map((stored) => stored.message.payload.message)
      .reverse();
    expect(customer).toEqual([`before ${stamp}`, `offline 1 ${stamp}`, `offline 2 ${stamp}`, `offline 3 ${stamp}`]);
    for (const n of [1, 2, 3]) await expect(bubble(visitor, `offline ${n} ${stamp}`)).toHaveCount(1);
    await visitor.context().close();
  } finally {
    await relay.close();
  }
});
