import fc from 'fast-check';
import { encode, tag, withCrcTag } from 'promptparse';
import { billPayment } from 'promptparse/generate';
import { describe, expect, it } from 'vitest';
import { checkQrPayload, crc16 } from './qr-payload.ts';

/**
 * The check every gateway's QR passes before a member sees it (docs/deposits/qr.md, The payload check): the
 * EMVCo TLV reads, the CRC is right, and the amount, currency and country are the ones asked.
 */

/** A Thai bill payment as a bank's API makes it (promptparse, independent of the code under test). */
function thaiPayload(amountMinor: bigint, ref1 = 'REF0001'): string {
  return billPayment({ billerId: '010556099999901', ref1, amount: Number(amountMinor) / 100 });
}

/** A Lao merchant QR; `amount` is tag 54's text as the gateway writes it. */
function laoPayload(amount: string, fields: Record<string, string> = {}): string {
  const values: Record<string, string> = { '53': '418', '54': amount, '58': 'LA', ...fields };
  const tags = [
    tag('00', '01'),
    tag('01', '12'),
    tag('38', encode([tag('00', 'A005266284662577'), tag('01', 'BCELTEST')])),
    tag('52', '5999'),
    ...['53', '54', '58'].filter((id) => values[id] !== '').map((id) => tag(id, values[id] ?? '')),
    tag('59', 'MEMBER WALLET'),
    tag('60', 'VIENTIANE'),
  ];
  return withCrcTag(encode(tags), '63');
}

/** Rebuilds a payload with one root tag's value replaced (and a right CRC), to test each rule alone. */
function withTag(payload: string, id: string, value: string): string {
  const body = payload.slice(0, -8);
  const tags: { id: string; value: string }[] = [];
  for (let at = 0; at < body.length; ) {
    const length = Number(body.slice(at + 2, at + 4));
    tags.push({ id: body.slice(at, at + 2), value: body.slice(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return withCrcTag(encode(tags.map((item) => tag(item.id, item.id === id ? value : item.value))), '63');
}

const baht = (amountMinor: bigint) => ({ amountMinor, currency: 'BAHT' });
const kip = (amountMinor: bigint) => ({ amountMinor, currency: 'LAK' });

describe('checkQrPayload', () => {
  it('computes CRC-16/CCITT-FALSE (the standard check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('passes a Thai QR of the asked amount in baht, and a Lao QR in whole kip', () => {
    expect(checkQrPayload(thaiPayload(10_050n), baht(10_050n))).toBeNull();
    expect(checkQrPayload(thaiPayload(1n), baht(1n))).toBeNull();
    // Kip has no minor unit in use: the amount is whole kip, with or without a decimal mark and zero decimals.
    for (const amount of ['50000', '50000.', '50000.00']) {
      expect(checkQrPayload(laoPayload(amount), kip(5_000_000n))).toBeNull();
    }
    // A lower-case CRC, as some Lao gateways write it.
    const lower = laoPayload('50000');
    expect(checkQrPayload(lower.slice(0, -4) + lower.slice(-4).toLowerCase(), kip(5_000_000n))).toBeNull();
  });

  it('refuses another amount, a baht amount without 2 decimals, fractions of kip and a missing amount', () => {
    const good = thaiPayload(10_050n);
    expect(checkQrPayload(good, baht(10_051n))).toBe('amount');
    expect(checkQrPayload(withTag(good, '54', '100.5'), baht(10_050n))).toBe('amount');
    expect(checkQrPayload(withTag(good, '54', '100.500'), baht(10_050n))).toBe('amount');
    expect(checkQrPayload(withTag(good, '54', '+100.50'), baht(10_050n))).toBe('amount');
    expect(checkQrPayload(withTag(good, '54', '1e2'), baht(10_000n))).toBe('amount');
    expect(checkQrPayload(laoPayload('50000.50'), kip(5_000_050n))).toBe('amount');
    expect(checkQrPayload(laoPayload('50000'), kip(5_000_050n))).toBe('amount');
    expect(checkQrPayload(laoPayload('5000'), kip(5_000_000n))).toBe('amount');
    expect(checkQrPayload(laoPayload('0'), kip(0n))).toBe('amount');
    expect(checkQrPayload(laoPayload(''), kip(5_000_000n))).toBe('amount');
  });

  it("refuses another currency than the member's, or one the country tag contradicts", () => {
    const good = thaiPayload(10_050n);
    expect(checkQrPayload(withTag(good, '53', '418'), baht(10_050n))).toBe('currency');
    expect(checkQrPayload(good, kip(10_050n))).toBe('currency');
    expect(checkQrPayload(good, { amountMinor: 10_050n, currency: 'USD' })).toBe('currency');
    expect(checkQrPayload(withTag(good, '58', 'LA'), baht(10_050n))).toBe('country');
    expect(checkQrPayload(laoPayload('50000', { '58': 'TH' }), kip(5_000_000n))).toBe('country');
    expect(checkQrPayload(laoPayload('50000', { '58': '' }), kip(5_000_000n))).toBe('country');
  });

  it('refuses a wrong CRC and a TLV that does not read', () => {
    const good = thaiPayload(10_050n);
    expect(checkQrPayload(`${good.slice(0, -4)}0000`, baht(10_050n))).toBe('crc');
    for (const broken of [
      '',
      'not a qr',
      good.slice(0, -1),
      `${good}00`,
      // The CRC tag not last, a length past the end, a first tag other than 00 "01", a repeated tag.
      withCrcTag(`${good.slice(0, -8)}6304ABCD`, '63'),
      withCrcTag(`${good.slice(0, -8)}9950AB`, '63'),
      withCrcTag(`000202${good.slice(6, -8)}`, '63'),
      withCrcTag(`${good.slice(0, -8)}5802TH`, '63'),
      withCrcTag(`${good.slice(0, -8)}5400`, '63'),
      `${good.slice(0, -8)}6305ABCDE`,
    ]) {
      expect(checkQrPayload(broken, baht(10_050n)), broken).toBe('malformed');
    }
  });

  it("refuses any single-character change of a valid payload (but the CRC digits' case)", () => {
    const payloads = fc.oneof(
      fc
        .tuple(fc.bigInt({ min: 1n, max: 99_999_999_99n }), fc.stringMatching(/^[A-Z0-9]{1,20}$/))
        .map(([amountMinor, ref]) => ({ payload: thaiPayload(amountMinor, ref), expected: baht(amountMinor) })),
      fc
        .bigInt({ min: 1n, max: 999_999_999n })
        .map((kips) => ({ payload: laoPayload(String(kips)), expected: kip(kips * 100n) })),
    );
    fc.assert(
      fc.property(payloads, fc.nat(), fc.integer({ min: 0x20, max: 0x7e }), ({ payload, expected }, position, code) => {
        expect(checkQrPayload(payload, expected)).toBeNull();
        const at = position % payload.length;
        const replacement = String.fromCharCode(code);
        fc.pre(replacement !== payload[at]);
        // The CRC's hex digits in the other case are the same checksum (Lao gateways write it in lower case).
        fc.pre(at < payload.length - 4 || replacement.toUpperCase() !== payload[at]?.toUpperCase());
        const changed = payload.slice(0, at) + replacement + payload.slice(at + 1);
        expect(checkQrPayload(changed, expected)).not.toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });
});
