import { checksum, parse, type TLVTag } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { laoPayload, sandboxPayload } from './emvco.ts';

/**
 * The sandbox BCEL gateway's QR in the LAO QR layout (docs/parties/payments.md, BCEL): decoded with promptparse's
 * own parser, tag by tag, so the layout is checked by something other than the code that wrote it.
 */

const REFERENCE = 'BC0011223344556677AA';

/** Each tag's id and value, sub-tags as nested lists: the whole payload, nothing left unchecked. */
function tree(tags: TLVTag[]): [string, string | [string, string][]][] {
  return tags.map((tag) =>
    tag.subTags && ['38', '62'].includes(tag.id)
      ? [tag.id, tag.subTags.map((sub): [string, string] => [sub.id, sub.value])]
      : [tag.id, tag.value],
  );
}

describe('the sandbox BCEL QR (LAO QR layout)', () => {
  it('carries LAPNet AID, BCEL IIN, a sandbox merchant, kip, LA and the bill number, each tag in place', () => {
    const payload = laoPayload(REFERENCE, 5_000_000n, 'MEMBER WALLET (SANDBOX)');
    const qr = parse(payload, true, true);
    expect(qr).not.toBeNull();
    const tags = qr?.getTags() ?? [];
    const crc = tags.at(-1)?.value;
    expect(tree(tags)).toEqual([
      ['00', '01'],
      ['01', '12'],
      [
        '38',
        [
          ['00', 'A005266284662577'],
          ['01', '27710418'],
          ['02', '002'],
          ['03', 'SANDBOXMERCHANT'],
        ],
      ],
      ['52', '5999'],
      ['53', '418'],
      ['54', '50000'],
      ['58', 'LA'],
      ['59', 'MEMBER WALLET (SANDBOX)'],
      ['60', 'VIENTIANE'],
      [
        '62',
        [
          ['01', REFERENCE],
          ['08', 'SANDBOX'],
        ],
      ],
      ['63', crc],
    ]);
    // CRC-16/CCITT-FALSE over everything up to and including "6304", as EMVCo and BCEL's own onepay.js do.
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(crc).toBe(checksum(payload.slice(0, -4)));
    expect(qr?.validate('63')).toBe(true);
  });

  it('writes whole kip, as Lao QRs do, and says SANDBOX in the merchant name whatever the operator named it', () => {
    const qr = parse(laoPayload(REFERENCE, 1_234_500n, 'Lucky Lao Deposits Co.'), true, true);
    expect(qr?.getTagValue('54')).toBe('12345');
    expect(qr?.getTagValue('59')).toBe('SANDBOX Lucky Lao Deposit');
    expect(qr?.getTagValue('59')?.length).toBeLessThanOrEqual(25);
    expect(parse(laoPayload(REFERENCE, 100n, 'ຮ້ານ sandbox'), true, true)?.getTagValue('59')).toBe('sandbox');
  });

  it('cannot write a fraction of a kip, nor another currency than kip: the gateway refuses such a QR', () => {
    expect(sandboxPayload({ gateway: 'BCEL', reference: REFERENCE, amountMinor: 1_050n, currency: 'LAK' })).toBe(null);
    expect(sandboxPayload({ gateway: 'BCEL', reference: REFERENCE, amountMinor: 1_000n, currency: 'BAHT' })).toBe(null);
    expect(sandboxPayload({ gateway: 'KBANK', reference: REFERENCE, amountMinor: 1_000n, currency: 'LAK' })).toBe(null);
    const thai = sandboxPayload({ gateway: 'KBANK', reference: REFERENCE, amountMinor: 1_050n, currency: 'BAHT' });
    expect(parse(thai ?? '', true)?.getTagValue('54')).toBe('10.50');
    const lao = sandboxPayload({ gateway: 'BCEL', reference: REFERENCE, amountMinor: 1_000n, currency: 'LAK' });
    expect(parse(lao ?? '', true)?.getTagValue('54')).toBe('10');
  });
});
