import { describe, expect, it } from 'vitest';
import {
  decryptGiftLink,
  encryptGiftLink,
  GIFT_LINK_LENGTH_MAX,
  type GiftLinkKey,
  giftLinkCode,
  giftLinkIn,
  truelinkRequest,
} from './truelink.ts';

function randomKey(id: string): GiftLinkKey {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return { id, key: btoa(String.fromCharCode(...bytes)) };
}

const LINK = 'https://gift.truemoney.com/campaign/?v=0195a1b2c3d4e5f6a7b8c9d0e1f2a3b4';

describe('gift-link envelope', () => {
  const key = randomKey('k1');

  it('round-trips a link, with a fresh IV each time', async () => {
    const first = await encryptGiftLink(LINK, key);
    const second = await encryptGiftLink(LINK, key);
    expect(first).toMatch(/^v1\.k1\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('truemoney');
    expect(await decryptGiftLink(first, key)).toBe(LINK);
    expect(await decryptGiftLink(second, [randomKey('k0'), key])).toBe(LINK);
    expect(truelinkRequest.safeParse({ link: first }).success).toBe(true);
  });

  it('refuses a tampered envelope, a changed key id and a wrong key', async () => {
    const envelope = await encryptGiftLink(LINK, key);
    const body = envelope.slice('v1.k1.'.length);
    const flipped = body.slice(0, 20) + (body[20] === 'A' ? 'B' : 'A') + body.slice(21);
    expect(await decryptGiftLink(`v1.k1.${flipped}`, key)).toBeNull();
    expect(await decryptGiftLink(`v1.k1.${body.slice(0, -2)}`, key)).toBeNull();
    // The key id is authenticated: the same key under another id does not open it.
    expect(await decryptGiftLink(`v1.k2.${body}`, { id: 'k2', key: key.key })).toBeNull();
    expect(await decryptGiftLink(envelope, { id: 'k1', key: randomKey('k1').key })).toBeNull();
    expect(await decryptGiftLink(envelope, randomKey('k9'))).toBeNull();
  });

  it('refuses malformed envelopes without throwing', async () => {
    for (const envelope of [
      '',
      LINK,
      'v1.k1.',
      'v2.k1.AAAA',
      'v1..AAAA',
      'v1.k1.AAAA',
      'v1.k1.@@@@',
      'v1.k1.A'.repeat(600),
    ]) {
      expect(await decryptGiftLink(envelope, key)).toBeNull();
    }
    expect(await decryptGiftLink(await encryptGiftLink(LINK, key), { id: 'k1', key: 'short' })).toBeNull();
    await expect(encryptGiftLink(LINK, { id: 'k1', key: 'c2hvcnQ=' })).rejects.toThrow(RangeError);
    expect(truelinkRequest.safeParse({ link: LINK }).error?.issues[0]?.message).toBe('TRUELINK_INVALID');
    expect(truelinkRequest.safeParse({}).error?.issues[0]?.message).toBe('KEY_MISSING');
  });
});

describe('gift-link code', () => {
  it('takes the code of a TrueMoney gift link and nothing else', () => {
    expect(giftLinkCode(LINK)).toBe('0195a1b2c3d4e5f6a7b8c9d0e1f2a3b4');
    expect(giftLinkCode(' https://gift.truemoney.com/campaign?v=abcdefgh12 ')).toBe('abcdefgh12');
    for (const link of [
      'http://gift.truemoney.com/campaign/?v=abcdefgh12',
      'https://gift.truemoney.com.evil.example/campaign/?v=abcdefgh12',
      'https://evil.example/campaign/?v=abcdefgh12',
      'https://user@gift.truemoney.com/campaign/?v=abcdefgh12',
      'https://gift.truemoney.com:8443/campaign/?v=abcdefgh12',
      'https://gift.truemoney.com/other/?v=abcdefgh12',
      'https://gift.truemoney.com/campaign/?v=short',
      'https://gift.truemoney.com/campaign/?v=abc-defgh12',
      'https://gift.truemoney.com/campaign/?v=abcdefgh12&v=abcdefgh13',
      'https://gift.truemoney.com/campaign/',
      'not a url',
    ]) {
      expect(giftLinkCode(link)).toBeNull();
    }
  });
});

describe('a gift link inside a pasted text', () => {
  const CODE = '0195a1b2c3d4e5f6a7b8c9d0e1f2a3b4';
  /**
   * Texts as a member pastes them from the share sheet of TrueMoney's app: a sentence with the link in it. The
   * app's exact wording is not published, so these are made-up sentences of the kinds seen around such links
   * (Thai or English words, emoji, the link first or last, glued to Thai letters, ending a sentence, on a line of
   * its own): the rule must not depend on the wording.
   */
  const shared = [
    LINK,
    `  ${LINK}  `,
    `ส่งซองของขวัญให้คุณ 🧧 กดรับได้ที่ ${LINK} ก่อนซองหมดอายุนะ`,
    `คุณได้รับซองของขวัญจาก สมชาย ใ.\n${LINK}\nเปิดซองได้เลย`,
    `มาเปิดซองกัน${LINK}ขอบคุณค่ะ`,
    `Open my TrueMoney gift: ${LINK}.`,
    `(${LINK})`,
    `${LINK} ${LINK}`,
    `https://gift.truemoney.com/campaign?v=${CODE} and again https://gift.truemoney.com/campaign/?v=${CODE}!`,
    `Get TrueMoney https://www.truemoney.com/sendgift/ then open ${LINK}`,
  ];

  it('finds the one gift link, whatever the words around it, as the canonical link', () => {
    for (const text of shared) expect(giftLinkIn(text), text).toBe(LINK);
    expect(giftLinkCode(giftLinkIn(shared[2] ?? '') ?? '')).toBe(CODE);
  });

  it('finds nothing in a text with no gift link, two different ones, or one that is not a valid gift link', () => {
    const other = 'https://gift.truemoney.com/campaign/?v=abcdefgh12';
    for (const text of [
      '',
      'ส่งซองของขวัญให้คุณ กดรับได้ที่แอป',
      'gift.truemoney.com/campaign/?v=abcdefgh12',
      `${LINK} ${other}`,
      `ซองแรก ${LINK} ซองที่สอง ${other}`,
      'กดรับ http://gift.truemoney.com/campaign/?v=abcdefgh12',
      'กดรับ https://gift.truemoney.com/campaign/?v=short',
      `${LINK} https://gift.truemoney.com:8443/campaign/?v=${CODE}`,
      'https://gift.truemoney.com.evil.example/campaign/?v=abcdefgh12',
      `https://evil.example/?next=${LINK}`,
      `${'ซ'.repeat(GIFT_LINK_LENGTH_MAX)} ${LINK}`,
    ]) {
      expect(giftLinkIn(text), text).toBeNull();
    }
  });
});
